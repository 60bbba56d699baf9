import { HANDLE_CODE } from '../../../shared/model'
import { BUILTIN_HANDLER_NAMES } from '../handlers/builtin-handlers'
import type { JobContext, JobHandler, JobResult } from '../handlers/handler-contract'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import type { RunRequest } from './runner-protocol'
import type { LlmRunConfig } from '../executor-api'

export interface RunOutcome {
  code: number
  msg: string | null
}

/** Where a run's `ctx.log` entries go (the worker posts them to the host). */
export type LogSink = (requestId: number, where: string, line: number, text: string) => void

const ABORTED = 'run aborted by the executor'

/**
 * A handler's `ctx` for one run. One object per run with accessors on the prototype: the signal is
 * made on first use (most handlers never look), and `log` is bound on first use, so handlers that
 * destructure `{ log }` keep working.
 */
export class RunContext implements JobContext {
  readonly param: string
  readonly shardIndex: number
  readonly shardTotal: number
  readonly logId: number
  readonly jobId: number
  private controller: AbortController | null = null
  private aborted = false
  private boundLog: ((...parts: unknown[]) => void) | null = null
  private artifactsMade = false

  constructor(
    readonly run: RunRequest,
    private readonly sink: LogSink,
    private readonly artifactsRoot?: string,
    /** Told once, when the folder is first made: the host then keeps its files at the run's end (and checks no folder of any other run). */
    private readonly madeArtifacts?: (requestId: number) => void,
  ) {
    this.param = run.param
    this.shardIndex = run.shardIndex
    this.shardTotal = run.shardTotal
    this.logId = run.logId
    this.jobId = run.jobId
  }

  get signal(): AbortSignal {
    if (!this.controller) {
      this.controller = new AbortController()
      if (this.aborted) this.controller.abort(new Error(ABORTED))
    }
    return this.controller.signal
  }

  /**
   * The run's artifact folder, made on first use (most runs leave no files, and a folder per run
   * would cost the embedded executor's 10,000 runs a second a file-system write each).
   */
  get artifactsDir(): string | undefined {
    if (this.artifactsRoot === undefined) return undefined
    const dir = join(this.artifactsRoot, String(this.logId))
    mkdirSync(dir, { recursive: true, mode: 0o700 })
    if (!this.artifactsMade) {
      this.artifactsMade = true
      this.madeArtifacts?.(this.run.requestId)
    }
    return dir
  }

  /** An LLM step's provider (llm-job-handler.ts), read from the run's request; undefined for every other run. */
  get llmProvider(): LlmRunConfig | undefined {
    return this.run.llm === undefined ? undefined : (JSON.parse(this.run.llm) as LlmRunConfig)
  }

  get log(): (...parts: unknown[]) => void {
    return (this.boundLog ??= this.writeLog.bind(this))
  }

  /** The executor killed the run (kill, timeout, cover, stop). */
  abort(): void {
    this.aborted = true
    this.controller?.abort(new Error(ABORTED))
  }

  private writeLog(...parts: unknown[]): void {
    const site = callSite(this.run.handler)
    this.sink(this.run.requestId, site.where, site.line, parts.map(formatPart).join(' '))
  }
}

/** Calls one handler; a thrown error is rethrown for the caller to report with its stack. */
export async function runHandler(handler: JobHandler, ctx: RunContext): Promise<RunOutcome> {
  return toOutcome(await handler(ctx))
}

export function toOutcome(result: JobResult): RunOutcome {
  if (result === undefined || result === null) return { code: HANDLE_CODE.success, msg: null }
  if (typeof result === 'string') return { code: HANDLE_CODE.success, msg: result }
  if (typeof result === 'object' && Number.isInteger(result.code)) {
    return { code: result.code, msg: result.msg === undefined || result.msg === null ? null : String(result.msg) }
  }
  return { code: HANDLE_CODE.fail, msg: `handler returned ${JSON.stringify(result)}; expected nothing, a string or {code, msg}` }
}

function formatPart(part: unknown): string {
  if (typeof part === 'string') return part
  if (part instanceof Error) return part.stack ?? part.message
  try {
    return JSON.stringify(part) ?? String(part)
  } catch {
    return String(part)
  }
}

/** V8's own call sites in place of a formatted stack: nothing is turned into text that is not read. */
const structuredStack = (_error: Error, sites: NodeJS.CallSite[]): NodeJS.CallSite[] => sites

/**
 * Where `ctx.log` was called from, for the `[<where>]-[<line>]` part of the log line. Built-in
 * handlers get a stable name: in the bundle their file is a chunk with a hashed name. Read from
 * V8's structured call sites, two frames deep: formatting the stack as text and parsing it back
 * was half of a logging run's time on its runner thread (B1, issue 47).
 */
function callSite(handlerName: string): { where: string; line: number } {
  if (BUILTIN_HANDLER_NAMES.includes(handlerName)) return { where: `jobdesk.BuiltinHandlers#${handlerName}`, line: 0 }
  const holder: { stack?: NodeJS.CallSite[] } = {}
  const { stackTraceLimit, prepareStackTrace } = Error
  Error.stackTraceLimit = 2
  Error.prepareStackTrace = structuredStack
  try {
    Error.captureStackTrace(holder, callSite)
    // Frame 0 is ctx.log itself, frame 1 its caller; reading `stack` runs structuredStack now.
    const site = holder.stack?.[1]
    const file = site?.getFileName() ?? site?.getScriptNameOrSourceURL()
    if (!site || !file) return { where: handlerName, line: 0 }
    const fn = site.getFunctionName() ?? site.getMethodName() ?? handlerName
    return {
      where: `${file.slice(Math.max(file.lastIndexOf('/'), file.lastIndexOf('\\')) + 1)}#${fn.replace(/^Object\./, '')}`,
      line: site.getLineNumber() ?? 0,
    }
  } finally {
    Error.prepareStackTrace = prepareStackTrace
    Error.stackTraceLimit = stackTraceLimit
  }
}
