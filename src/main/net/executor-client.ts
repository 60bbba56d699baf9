import type { Dispatcher } from 'undici'
import type { LogPage, ProtocolGeneration } from '../../shared/model'
import type { ExecutorApi, ExecutorReply, LogRequest, TriggerParam } from '../executor/executor-api'
import { ACCESS_TOKEN_HEADER, APP_NAME_HEADER } from './wire/auth'
import { detectGeneration, type ObservedReply } from './wire/detect-generation'
import { FAIL_CODE, readEnvelope } from './wire/envelope'
import { postJson, type PostOutcome } from './wire/post-json'

/**
 * The admin's view of one LAN executor: ExecutorApi over XXL-JOB HTTP (docs/protocol.md#executor-api). It never
 * throws for a network failure: unreachable, timed out or garbled answers come back as
 * `{code:500,msg}` so the trigger records them like any rejection.
 */
export interface ExecutorClientOptions {
  /** The registered address, e.g. `http://10.0.0.5:9999/` or `http://10.0.0.5:19996/job`. */
  address: string
  /** Sent as `XXL-JOB-ACCESS-TOKEN` on every request; '' sends none. */
  accessToken: string
  /** Sent as `XXL-JOB-APPNAME` on every request (G3 needs it; G1/G2 ignore it). */
  appName: string
  /** The executor's generation when known (e.g. stored per group); null/absent → detected from replies. */
  generation?: ProtocolGeneration | null
  /** Per request. Default 3000 (XXL's `xxl.job.timeout`). */
  timeoutMs?: number
  /** Default: the shared keep-alive agent (one pool per origin). */
  dispatcher?: Dispatcher
}

export interface ExecutorClient extends ExecutorApi {
  readonly address: string
  /** The configured generation, else what the replies so far pin down (null while unknown). */
  readonly generation: ProtocolGeneration | null
}

export const DEFAULT_EXECUTOR_TIMEOUT_MS = 3000

/** Replies kept for generation detection; the decisive ones come early (first beat, first trigger). */
const MAX_OBSERVED = 16

/** `address` + `/` + `method` with exactly one slash between (docs/protocol.md#transport); a missing scheme means http. */
export function joinAddress(address: string, method: string): string {
  const trimmed = address.trim()
  const base = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `http://${trimmed}`
  return `${base.replace(/\/+$/, '')}/${method.replace(/^\/+/, '')}`
}

export function createExecutorClient(options: ExecutorClientOptions): ExecutorClient {
  const timeoutMs = options.timeoutMs ?? DEFAULT_EXECUTOR_TIMEOUT_MS
  const configured = options.generation ?? null
  const headers: Record<string, string> = {
    'Content-Type': 'application/json;charset=UTF-8',
    [APP_NAME_HEADER]: options.appName,
  }
  // No token at all for an address that is not the group's (RemoteExecutors): not even an empty header.
  if (options.accessToken !== '') headers[ACCESS_TOKEN_HEADER] = options.accessToken
  const observed: ObservedReply[] = []
  let detected: ProtocolGeneration | null = null

  async function call(method: string, body: unknown): Promise<ExecutorReply> {
    const url = joinAddress(options.address, method)
    const outcome = await postJson(url, headers, body === undefined ? undefined : JSON.stringify(body), {
      timeoutMs,
      dispatcher: options.dispatcher,
    })
    const reply = replyOf(url, outcome)
    if (outcome.waitedMs > 0) reply.waitedMs = outcome.waitedMs
    return reply
  }

  function replyOf(url: string, outcome: PostOutcome): ExecutorReply {
    if (outcome.kind === 'failed')
      return { code: FAIL_CODE, msg: `executor ${url}: ${outcome.reason}`, ...(outcome.unreachable ? { unreachable: true as const } : {}) }
    if (outcome.status !== 200) return { code: FAIL_CODE, msg: `executor ${url} answered HTTP ${outcome.status}` }
    const reply = readEnvelope(outcome.json)
    if (!reply) return { code: FAIL_CODE, msg: `executor ${url} answered something that is not an XXL-JOB reply: ${clip(outcome.text)}` }
    if (configured === null) observe(url, outcome.json)
    return reply
  }

  function observe(url: string, json: unknown): void {
    observed.push({ path: new URL(url).pathname, appNameSent: true, body: json })
    if (observed.length > MAX_OBSERVED) observed.shift()
    detected = detectGeneration(...observed) ?? detected
  }

  async function run(param: TriggerParam): Promise<ExecutorReply> {
    const generation = configured ?? detected
    const first = generation === 'g3' ? 'trigger' : 'run'
    const reply = await call(first, param)
    // Unknown generation and the wrong trigger path: nothing was run, so the other path is safe to try.
    if (configured === null && isUriNotFound(reply, first)) {
      const second = await call(first === 'run' ? 'trigger' : 'run', param)
      const waitedMs = (reply.waitedMs ?? 0) + (second.waitedMs ?? 0)
      return waitedMs > 0 ? { ...second, waitedMs } : second
    }
    return reply
  }

  async function log(request: LogRequest): Promise<ExecutorReply<LogPage>> {
    // Both spellings of the time field: each generation reads its own and ignores the other (docs/protocol.md#compatibility-probes).
    const reply = await call('log', {
      logId: request.logId,
      logDateTime: request.logDateTime,
      logDateTim: request.logDateTime,
      fromLineNum: request.fromLineNum,
    })
    if (reply.code !== 200) return reply as ExecutorReply<LogPage>
    const page = readLogPage(reply.data)
    if (!page) return { code: FAIL_CODE, msg: `executor ${options.address} answered /log without a log page: ${clip(JSON.stringify(reply.data ?? null))}` }
    return { code: reply.code, msg: reply.msg, data: page }
  }

  return {
    address: options.address,
    get generation() {
      return configured ?? detected
    },
    beat: () => call('beat', undefined),
    idleBeat: (jobId) => call('idleBeat', { jobId }),
    run,
    kill: (jobId) => call('kill', { jobId }),
    log,
  }
}

function isUriNotFound(reply: ExecutorReply, method: string): boolean {
  return reply.code !== 200 && typeof reply.msg === 'string' && reply.msg.includes('uri-mapping(') && reply.msg.includes(`/${method}) not found`)
}

/** A LogResult/LogData payload; the npm executor and Java agree on these four keys (docs/protocol.md#log). */
function readLogPage(payload: unknown): LogPage | null {
  if (typeof payload !== 'object' || payload === null) return null
  const raw = payload as Record<string, unknown>
  if (typeof raw.fromLineNum !== 'number' || typeof raw.toLineNum !== 'number') return null
  return {
    fromLineNum: raw.fromLineNum,
    toLineNum: raw.toLineNum,
    logContent: typeof raw.logContent === 'string' ? raw.logContent : '',
    isEnd: raw.isEnd === true,
    // A JobDesk agent's count of lines it could not write (a full disk); XXL-JOB executors never send it.
    ...(Number.isSafeInteger(raw.lostLines) && (raw.lostLines as number) > 0 ? { lostLines: raw.lostLines as number } : {}),
  }
}

function clip(text: string): string {
  return text.length > 120 ? `${text.slice(0, 120)}…` : text
}

export interface GenerationProbeOptions {
  address: string
  accessToken: string
  timeoutMs?: number
  dispatcher?: Dispatcher
}

/**
 * Asks an executor its generation with one `/beat` that carries the token but no app name (docs/protocol.md#detecting-a-generation):
 * G3 refuses it ("accessToken or appname is empty."), G2 answers `{code:200,msg:"Success"}`, G1
 * `{code:200}`. Null when the answer does not tell (wrong token, unreachable, third-party quirks).
 */
export async function probeExecutorGeneration(options: GenerationProbeOptions): Promise<ProtocolGeneration | null> {
  const url = joinAddress(options.address, 'beat')
  const headers = { 'Content-Type': 'application/json;charset=UTF-8', [ACCESS_TOKEN_HEADER]: options.accessToken }
  const outcome = await postJson(url, headers, undefined, {
    timeoutMs: options.timeoutMs ?? DEFAULT_EXECUTOR_TIMEOUT_MS,
    dispatcher: options.dispatcher,
  })
  if (outcome.kind !== 'reply' || outcome.status !== 200) return null
  return detectGeneration({ path: new URL(url).pathname, appNameSent: false, body: outcome.json })
}
