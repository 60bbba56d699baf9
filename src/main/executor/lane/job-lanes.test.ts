import { describe, expect, it } from 'vitest'
import { triggerParam } from '../../../../test/support/executor-fixtures'
import { ManualClock } from '../../kernel/clock'
import { silentLogger } from '../../kernel/logger'
import type { HandleCallback, TriggerParam } from '../executor-api'
import { COVER_EARLY_REASON, DISCARD_LATER_MSG, KILL_REASON, TIMEOUT_MSG, queuedKilledMsg, runningKilledMsg } from '../executor-texts'
import type { RunListener, RunnerPool, RunTicket } from '../runner/runner-pool'
import type { RunRequest } from '../runner/runner-protocol'
import type { RunLog, RunLogStore } from '../run-log/run-log-store'
import { DEADLINE_TICK_MS } from './run-deadlines'
import { JobLanes } from './job-lanes'

const T0 = Date.UTC(2026, 11, 1, 9)

/** The runner pool's surface the lanes use: the test reports each run's result when it chooses. */
class ScriptedPool implements Pick<RunnerPool, 'dispatch' | 'cancel' | 'collectLogs'> {
  readonly tickets: RunTicket[] = []
  /** Lines a handler wrote that the host has not read yet, by logId (the runner thread's log ring). */
  private readonly unread = new Map<number, string[]>()

  dispatch<C>(run: RunRequest, listener: RunListener<C>, context: C): RunTicket<C> {
    const ticket: RunTicket<C> = { run, listener, context, worker: null, requestId: 0, slot: -1, cancelled: false }
    this.tickets.push(ticket as RunTicket)
    return ticket
  }

  cancel(ticket: RunTicket): void {
    ticket.cancelled = true
  }

  collectLogs(ticket: RunTicket): void {
    for (const text of this.unread.get(ticket.run.logId) ?? []) ticket.listener.onLog(ticket.context, 'handler.js#run', 3, text)
    this.unread.delete(ticket.run.logId)
  }

  /** The run's handler wrote `text`; the host reads it only when it collects. */
  write(logId: number, text: string): void {
    this.unread.set(logId, [...(this.unread.get(logId) ?? []), text])
  }

  /** logIds handed to the pool, in order. */
  get started(): number[] {
    return this.tickets.map((ticket) => ticket.run.logId)
  }

  get cancelledLogIds(): number[] {
    return this.tickets.filter((ticket) => ticket.cancelled).map((ticket) => ticket.run.logId)
  }

  /** The worker reports the run's result (also after a cancel: a late message from a dying thread). */
  finish(logId: number, code = 200): void {
    const ticket = this.tickets.find((t) => t.run.logId === logId)!
    ticket.listener.onResult(ticket.context, code, null)
  }
}

class MemoryRunLogs implements RunLogStore {
  readonly lines = new Map<number, string[]>()
  open(logId: number): RunLog {
    if (!this.lines.has(logId)) this.lines.set(logId, [])
    return { logId }
  }
  append(log: RunLog, text: string): void {
    this.lines.get(log.logId)!.push(text)
  }
  markEnded(): void {}
  close(): void {}
  async read(): Promise<null> {
    return null
  }
  forgetDays(): void {}
  async drain(): Promise<void> {}
}

function lanesHarness() {
  const clock = new ManualClock(T0)
  const pool = new ScriptedPool()
  const logs = new MemoryRunLogs()
  const callbacks: HandleCallback[] = []
  const lanes = new JobLanes({
    logDir: '/nonexistent/jobdesk-lanes-test',
    pool,
    logs,
    clock,
    logger: silentLogger,
    killGraceMs: 500,
    onFinished: (callback) => callbacks.push(callback),
  })
  const codeOf = (param: TriggerParam) => callbacks.find((c) => c.logId === param.logId)?.handleCode
  return { clock, pool, logs, callbacks, lanes, codeOf }
}

const job = (strategy: TriggerParam['executorBlockStrategy'], extra: Partial<TriggerParam> = {}) =>
  triggerParam({ jobId: 7, executorBlockStrategy: strategy, logDateTime: T0, ...extra })

describe('JobLanes: a lane lives only while busy', () => {
  it('drops the lane the moment its run ends, with no time passing, and starts afresh on the next trigger', () => {
    const { pool, lanes, callbacks } = lanesHarness()
    const first = job('SERIAL_EXECUTION')
    expect(lanes.trigger(first)).toBeNull()
    expect(lanes.size).toBe(1)
    expect(lanes.get(7)?.busy).toBe(true)
    pool.finish(first.logId)
    expect(callbacks).toEqual([{ logId: first.logId, logDateTime: T0, handleCode: 200, handleMsg: null }])
    expect(lanes.size).toBe(0)
    expect(lanes.get(7)).toBeUndefined()
    const second = job('SERIAL_EXECUTION')
    expect(lanes.trigger(second)).toBeNull()
    expect(pool.started).toEqual([first.logId, second.logId])
    expect(lanes.size).toBe(1)
  })

  it('keeps no lane for a thousand jobs that each ran once', () => {
    const { pool, lanes, callbacks } = lanesHarness()
    const params = Array.from({ length: 1000 }, (_, i) => triggerParam({ jobId: 10_000 + i, logDateTime: T0 }))
    for (const param of params) expect(lanes.trigger(param)).toBeNull()
    expect(lanes.size).toBe(1000)
    for (const param of params) pool.finish(param.logId)
    expect(callbacks.filter((c) => c.handleCode === 200)).toHaveLength(1000)
    expect(lanes.size).toBe(0)
  })
})

describe('JobLanes: block strategies across back-to-back triggers', () => {
  it('SERIAL_EXECUTION queues triggers behind the running one, runs them in order on one lane, then drops it', () => {
    const { pool, lanes, codeOf } = lanesHarness()
    const [a, b, c] = [job('SERIAL_EXECUTION'), job('SERIAL_EXECUTION'), job('SERIAL_EXECUTION')]
    for (const param of [a, b, c]) expect(lanes.trigger(param)).toBeNull()
    const lane = lanes.get(7)!
    expect(pool.started).toEqual([a.logId])
    expect(lane.queuedCount).toBe(2)
    pool.finish(a.logId)
    expect(pool.started).toEqual([a.logId, b.logId])
    expect(lanes.get(7)).toBe(lane)
    expect(lane.runningLogId).toBe(b.logId)
    pool.finish(b.logId)
    expect(lane.runningLogId).toBe(c.logId)
    expect(lanes.size).toBe(1)
    pool.finish(c.logId)
    expect([a, b, c].map(codeOf)).toEqual([200, 200, 200])
    expect(lanes.size).toBe(0)
  })

  it('DISCARD_LATER discards a trigger while the job runs, and takes the very next one once it ended', () => {
    const { pool, lanes, codeOf } = lanesHarness()
    const running = job('DISCARD_LATER')
    expect(lanes.trigger(running)).toBeNull()
    expect(lanes.trigger(job('DISCARD_LATER'))).toBe(DISCARD_LATER_MSG)
    pool.finish(running.logId)
    const next = job('DISCARD_LATER')
    expect(lanes.trigger(next)).toBeNull()
    expect(lanes.trigger(job('DISCARD_LATER'))).toBe(DISCARD_LATER_MSG)
    expect(pool.started).toEqual([running.logId, next.logId])
    pool.finish(next.logId)
    expect([running, next].map(codeOf)).toEqual([200, 200])
    expect(lanes.size).toBe(0)
  })

  it('COVER_EARLY kills the running run for the new one; once that ended, the next covers nothing', () => {
    const { pool, lanes, callbacks, codeOf } = lanesHarness()
    const old = job('COVER_EARLY')
    const cover = job('COVER_EARLY')
    expect(lanes.trigger(old)).toBeNull()
    expect(lanes.trigger(cover)).toBeNull()
    expect(callbacks).toEqual([{ logId: old.logId, logDateTime: T0, handleCode: 500, handleMsg: runningKilledMsg(COVER_EARLY_REASON) }])
    expect(pool.cancelledLogIds).toEqual([old.logId])
    expect(lanes.get(7)?.runningLogId).toBe(cover.logId)
    // The covered run's thread reports late: it neither revives its lane nor drops the new one.
    pool.finish(old.logId)
    expect(callbacks).toHaveLength(1)
    expect(lanes.get(7)?.runningLogId).toBe(cover.logId)
    pool.finish(cover.logId)
    expect(lanes.size).toBe(0)
    const after = job('COVER_EARLY')
    expect(lanes.trigger(after)).toBeNull()
    expect(pool.cancelledLogIds).toEqual([old.logId])
    pool.finish(after.logId)
    expect([old, cover, after].map(codeOf)).toEqual([500, 200, 200])
    expect(lanes.size).toBe(0)
  })

  it('refuses a repeated logId only while it runs or waits', () => {
    const { pool, lanes } = lanesHarness()
    const running = job('SERIAL_EXECUTION')
    const queued = job('SERIAL_EXECUTION')
    lanes.trigger(running)
    lanes.trigger(queued)
    expect(lanes.trigger({ ...running })).toBe(`repeat trigger job, logId:${running.logId}`)
    expect(lanes.trigger({ ...queued })).toBe(`repeat trigger job, logId:${queued.logId}`)
    pool.finish(running.logId)
    pool.finish(queued.logId)
    // As in XXL-JOB, a finished run's logId is not remembered: a resend runs again.
    expect(lanes.trigger({ ...running })).toBeNull()
  })
})

describe('JobLanes: kill and timeout', () => {
  it('times a run out on the injected clock, runs the queued trigger next, then drops the lane', async () => {
    const { clock, pool, lanes, callbacks } = lanesHarness()
    const slow = job('SERIAL_EXECUTION', { executorTimeout: 1 })
    const next = job('SERIAL_EXECUTION')
    lanes.trigger(slow)
    lanes.trigger(next)
    await clock.advance(1000 - 1)
    expect(callbacks).toEqual([])
    await clock.advance(1 + DEADLINE_TICK_MS)
    expect(callbacks).toEqual([{ logId: slow.logId, logDateTime: T0, handleCode: 502, handleMsg: TIMEOUT_MSG }])
    expect(pool.cancelledLogIds).toEqual([slow.logId])
    expect(lanes.get(7)?.runningLogId).toBe(next.logId)
    pool.finish(next.logId)
    expect(lanes.size).toBe(0)
  })

  it('kill ends the running and the queued runs and removes the lane', () => {
    const { pool, lanes, callbacks } = lanesHarness()
    const running = job('SERIAL_EXECUTION')
    const queued = job('SERIAL_EXECUTION')
    lanes.trigger(running)
    lanes.trigger(queued)
    lanes.remove(lanes.get(7)!, KILL_REASON)
    expect(callbacks.map((c) => [c.logId, c.handleCode, c.handleMsg])).toEqual([
      [queued.logId, 500, queuedKilledMsg(KILL_REASON)],
      [running.logId, 500, runningKilledMsg(KILL_REASON)],
    ])
    expect(pool.cancelledLogIds).toEqual([running.logId])
    expect(lanes.size).toBe(0)
    expect(pool.started).toEqual([running.logId])
  })

  it('puts what a handler wrote before a kill or a timeout into its log ahead of the frame that ends it', async () => {
    const { clock, pool, logs, lanes } = lanesHarness()
    const killed = job('SERIAL_EXECUTION')
    lanes.trigger(killed)
    pool.write(killed.logId, 'step 1 of 3 done')
    lanes.remove(lanes.get(7)!, KILL_REASON)
    const timedOut = job('SERIAL_EXECUTION', { jobId: 8, executorTimeout: 1 })
    lanes.trigger(timedOut)
    pool.write(timedOut.logId, 'waiting for the bank')
    await clock.advance(1000 + DEADLINE_TICK_MS)
    const killedLog = logs.lines.get(killed.logId)!
    const timedOutLog = logs.lines.get(timedOut.logId)!
    expect(killedLog.findIndex((line) => line.includes('step 1 of 3 done'))).toBe(1)
    expect(killedLog[2]).toContain(KILL_REASON)
    expect(timedOutLog.findIndex((line) => line.includes('waiting for the bank'))).toBe(1)
    expect(timedOutLog[2]).toMatch(/timeout/i)
  })
})
