import { GLUE_TYPES, type LogPage } from '../../src/shared/model'
import type { ExecutorApi, ExecutorReply, HandleCallback, LogRequest, TriggerParam } from '../../src/main/executor/executor-api'

/**
 * A stand-in for the executor core behind the wire, for tests of the wire layer itself: that the
 * server refuses bad requests before they reach the core (`calls` stays empty) and that the client
 * reads every generation's envelopes. It answers with canned, Java-like replies; it is no evidence
 * of how an executor behaves — the captures are replayed against the real core for that
 * (wire-replay.test.ts). Handlers do nothing but hold their lane until released, and a run's log is
 * a fixed set of lines.
 *
 * Handlers: `demoJobHandler` finishes at once; `sleepJobHandler` keeps running until `release(jobId)`
 * or a kill.
 */
export interface ExecutorDouble extends ExecutorApi {
  readonly calls: { method: keyof ExecutorApi; arg: unknown }[]
  readonly callbacks: HandleCallback[]
  /** Finishes the running run of a sleeping job (success), starting the next queued one. */
  release(jobId: number): void
}

interface Lane {
  handler: string
  running: TriggerParam | null
  queue: TriggerParam[]
}

const HANDLERS = new Set(['demoJobHandler', 'sleepJobHandler'])
export const DOUBLE_LOG_LINES = 6

export function createExecutorDouble(): ExecutorDouble {
  const calls: ExecutorDouble['calls'] = []
  const callbacks: HandleCallback[] = []
  const lanes = new Map<number, Lane>()
  const logs = new Map<number, string[]>()
  const ok = (data?: unknown): ExecutorReply => ({ code: 200, msg: null, ...(data !== undefined && { data }) })
  const fail = (msg: string): ExecutorReply => ({ code: 500, msg })

  function start(lane: Lane, jobId: number): void {
    const param = lane.queue.shift() ?? null
    lane.running = param
    if (!param) return
    logs.set(
      param.logId,
      Array.from({ length: DOUBLE_LOG_LINES }, (_, i) => `line ${i + 1} of run ${param.logId} (${param.executorParams})`),
    )
    if (lane.handler !== 'sleepJobHandler') finish(lane, jobId, 200, null)
  }

  function finish(lane: Lane, jobId: number, handleCode: number, handleMsg: string | null): void {
    if (lane.running) callbacks.push({ logId: lane.running.logId, logDateTime: lane.running.logDateTime, handleCode, handleMsg })
    lane.running = null
    start(lane, jobId)
  }

  return {
    calls,
    callbacks,
    release(jobId) {
      const lane = lanes.get(jobId)
      if (lane) finish(lane, jobId, 200, null)
    },
    async beat() {
      calls.push({ method: 'beat', arg: null })
      return ok()
    },
    async idleBeat(jobId) {
      calls.push({ method: 'idleBeat', arg: jobId })
      const lane = lanes.get(jobId)
      return lane && (lane.running || lane.queue.length > 0) ? fail('job thread is running or has trigger queue.') : ok()
    },
    async run(param) {
      calls.push({ method: 'run', arg: param })
      if (!(GLUE_TYPES as readonly string[]).includes(param.glueType)) return fail(`glueType[${param.glueType}] is not valid.`)
      const handler = param.glueType === 'BEAN' ? param.executorHandler : param.glueType
      if (param.glueType === 'BEAN' && !HANDLERS.has(handler)) return fail(`job handler [${handler}] not found.`)
      let lane = lanes.get(param.jobId)
      if (!lane) lanes.set(param.jobId, (lane = { handler, running: null, queue: [] }))
      const busy = lane.running !== null || lane.queue.length > 0
      if (busy && param.executorBlockStrategy === 'DISCARD_LATER') return fail('block strategy effect：Discard Later')
      if (lane.running?.logId === param.logId || lane.queue.some((queued) => queued.logId === param.logId)) {
        return fail(`repeat trigger job, logId:${param.logId}`)
      }
      lane.queue.push(param)
      if (!lane.running) start(lane, param.jobId)
      return ok()
    },
    async kill(jobId) {
      calls.push({ method: 'kill', arg: jobId })
      const lane = lanes.get(jobId)
      if (!lane) return ok('job thread already killed.')
      lanes.delete(jobId)
      const reason = 'scheduling center kill job.'
      if (lane.running) callbacks.push({ ...callbackOf(lane.running), handleCode: 500, handleMsg: `${reason} [job running, killed]` })
      for (const queued of lane.queue) {
        callbacks.push({ ...callbackOf(queued), handleCode: 500, handleMsg: `${reason} [job not executed, in the job queue, killed.]` })
      }
      return ok()
    },
    async log(request: LogRequest): Promise<ExecutorReply<LogPage>> {
      calls.push({ method: 'log', arg: request })
      const lines = logs.get(request.logId)
      if (!lines)
        return { code: 200, msg: null, data: { fromLineNum: request.fromLineNum, toLineNum: 0, logContent: 'readLog fail, logFile not exists', isEnd: true } }
      const picked = lines.slice(Math.max(0, request.fromLineNum - 1))
      return {
        code: 200,
        msg: null,
        data: {
          fromLineNum: request.fromLineNum,
          toLineNum: picked.length === 0 ? 0 : lines.length,
          logContent: picked.map((line) => `${line}\n`).join(''),
          isEnd: false,
        },
      }
    },
  }
}

function callbackOf(param: TriggerParam): Pick<HandleCallback, 'logId' | 'logDateTime'> {
  return { logId: param.logId, logDateTime: param.logDateTime }
}
