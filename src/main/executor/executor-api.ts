import type { LogPage } from '../../shared/model'

/**
 * The admin → executor contract (XXL-JOB's ExecutorBiz). The embedded executor implements it with an
 * in-process transport, LAN executors over HTTP (docs/protocol.md#executor-api), so routing, registry and completion
 * treat both alike. Field names are the wire's.
 */
export interface TriggerParam {
  jobId: number
  /** BEAN handler name; empty for GLUE jobs. */
  executorHandler: string
  /** The job parameter (plural on the wire, `executor_param` in the DB). */
  executorParams: string
  executorBlockStrategy: string
  /** Seconds; > 0 enables the timeout (handle code 502). */
  executorTimeout: number
  logId: number
  /** The run's trigger_time, epoch ms; picks the run log's date folder. */
  logDateTime: number
  glueType: string
  glueSource: string | null
  /** GLUE version stamp, epoch ms; a change replaces the job's runner. */
  glueUpdatetime: number
  broadcastIndex: number
  broadcastTotal: number
  /**
   * JobDesk's own field, sent only with a run whose request carries secrets: the values to mask in
   * what the run writes back (its log, its handle message), so a JobDesk agent, which holds no
   * secrets store, keeps none on its disk. Only to addresses that get the values anyway (the
   * group's registered ones); xxl-job-core ignores a field it does not know (docs/secrets.md).
   */
  maskValues?: string[]
  /**
   * JobDesk's own field: environment variables for a GLUE script's process, the values of the
   * secrets its job's `env` names, put in by the trigger. Never spliced into the source; absent for
   * a job without `env`; ignored by xxl-job-core (docs/secrets.md).
   */
  env?: Record<string, string>
  /**
   * JobDesk's own field, sent only with a run of `llmJobHandler`: its group's LLM provider, the key
   * read from the secret the provider names, put in by the trigger and only for the group's own
   * addresses; the key is among `maskValues` too (docs/llm-steps.md). Ignored by xxl-job-core.
   */
  llm?: LlmRunConfig
}

/** Where an LLM step sends its prompt, as its run request carries it. */
export interface LlmRunConfig {
  /** An OpenAI-compatible API's base URL (`…/v1`). */
  baseUrl: string
  model: string
  /** Absent: no key (a local Ollama). */
  apiKey?: string
  /** One request's limit; the job's own timeout and a kill end it sooner. */
  timeoutSec: number
  maxTokens: number
}

export interface LogRequest {
  logId: number
  logDateTime: number
  fromLineNum: number
}

/** `{code,msg,data}`: code 200 is success, anything else failure. */
export interface ExecutorReply<T = unknown> {
  code: number
  msg?: string | null
  data?: T | null
  /** Set by the HTTP client when no connection could be made: the address is down, not busy. */
  unreachable?: true
  /** Set by the HTTP client: milliseconds the call waited in this process for a free connection before it was sent. */
  waitedMs?: number
}

export interface ExecutorApi {
  /** Liveness (FAILOVER probes it). */
  beat(): Promise<ExecutorReply>
  /** Success when the job has no runner, or its runner is neither running nor queued (BUSYOVER). */
  idleBeat(jobId: number): Promise<ExecutorReply>
  /** Accepted into the job's queue, or rejected; the result arrives later as a callback. */
  run(param: TriggerParam): Promise<ExecutorReply>
  kill(jobId: number): Promise<ExecutorReply>
  log(request: LogRequest): Promise<ExecutorReply<LogPage>>
}

/** One finished run, reported back to the admin (XXL-JOB's HandleCallbackParam). */
export interface HandleCallback {
  logId: number
  logDateTime: number
  handleCode: number
  handleMsg: string | null
}

/**
 * Where the executor delivers callbacks: straight to completion when embedded, over HTTP from an
 * agent. It rejects with CallbackRefusedError when the admin refused the batch for good, with any
 * other error when it could not be delivered now (spooled and sent again later).
 */
export type CallbackSink = (batch: HandleCallback[]) => Promise<void>

/**
 * The admin read the batch and refused it (e.g. a run that is not this credential's, or one it had
 * already ended otherwise): sending it again would be refused again, so it is dropped, not spooled.
 */
export class CallbackRefusedError extends Error {
  override readonly name = 'CallbackRefusedError'
}

export const SUCCESS: ExecutorReply = { code: 200, msg: null }

export function failure(msg: string): ExecutorReply {
  return { code: 500, msg }
}
