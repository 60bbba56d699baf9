import type { JobContext, JobHandler, JobResult } from '../handlers/handler-contract'
import type { RunRequest } from './runner-protocol'

export interface RunOutcome {
  code: number
  msg: string | null
}

export interface LogSink {
  (where: string, line: number, text: string): void
}

/**
 * Calls one handler with its context and turns what it returns into a handle code and message.
 * A thrown error is rethrown for the caller to report with its stack.
 */
export async function runHandler(handler: JobHandler, run: RunRequest, signal: () => AbortSignal, log: LogSink): Promise<RunOutcome> {
  // `signal` is made on first use: most handlers never look, and an AbortController per run is not free.
  const ctx: JobContext = {
    param: run.param,
    shardIndex: run.shardIndex,
    shardTotal: run.shardTotal,
    logId: run.logId,
    jobId: run.jobId,
    get signal() {
      return signal()
    },
    log(...parts: unknown[]) {
      const site = callSite(run.handler)
      log(site.where, site.line, parts.map(formatPart).join(' '))
    },
  }
  return toOutcome(await handler(ctx))
}

export function toOutcome(result: JobResult): RunOutcome {
  if (result === undefined || result === null) return { code: 200, msg: null }
  if (typeof result === 'string') return { code: 200, msg: result }
  if (typeof result === 'object' && Number.isInteger(result.code)) {
    return { code: result.code, msg: result.msg === undefined || result.msg === null ? null : String(result.msg) }
  }
  return { code: 500, msg: `handler returned ${JSON.stringify(result)}; expected nothing, a string or {code, msg}` }
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

/** Where `ctx.log` was called from, for the `[<where>]-[<line>]` part of the log line. */
function callSite(handlerName: string): { where: string; line: number } {
  const holder: { stack?: string } = {}
  const limit = Error.stackTraceLimit
  Error.stackTraceLimit = 3
  Error.captureStackTrace(holder, callSite)
  Error.stackTraceLimit = limit
  // Frame 0 is ctx.log itself, frame 1 its caller.
  const frame = holder.stack?.split('\n')[2] ?? ''
  const match = /at (?:(\S+) \()?(?:.*[/\\])?([^/\\:]+):(\d+):\d+\)?$/.exec(frame.trim())
  if (!match) return { where: handlerName, line: 0 }
  const fn = match[1] ?? handlerName
  return { where: `${match[2]}#${fn.replace(/^Object\./, '')}`, line: Number(match[3]) }
}
