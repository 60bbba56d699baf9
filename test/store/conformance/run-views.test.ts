import { expect, it } from 'vitest'
import type { NewRun } from '../../../src/main/domain/runs'
import type { Store } from '../../../src/main/store/store'
import { newRun } from '../../support/new-run'
import { storeSuite, T0 } from './store-fixture'
import { addRun, flow } from './flow-fixture'

const MIN = 60_000

/** A run of `jobId` triggered at `atMs` that ended `tookMs` later with `handleCode` (200 ok, 500 failed). */
async function finished(store: Store, jobId: number, atMs: number, tookMs: number, handleCode: number, extra: Partial<NewRun> = {}): Promise<number> {
  const logId = (await store.runs.insert(newRun({ jobId, jobGroup: jobId < 100 ? 1 : 2, triggerTimeMs: atMs, ...extra })))!
  await store.runs.recordOutcomeAndComplete(
    { logId, executorAddress: 'http://127.0.0.1:9999/', triggerCode: 200, triggerMsg: 'ok' },
    { logId, handleCode, handleMsg: handleCode === 500 ? 'boom' : '', handleTimeMs: atMs + tookMs },
  )
  return logId
}

storeSuite('runs over time and the rankings', (f) => {
  it("reads a job's last runs oldest first, a retry linked to the run it retried, a running run without an end", async () => {
    const first = await finished(f.store, 7, T0, 2000, 500)
    const retry = await finished(f.store, 7, T0 + 3000, 1000, 200, { triggerType: 'RETRY', parentLogId: first })
    const running = (await f.store.runs.insert(newRun({ jobId: 7, triggerTimeMs: T0 + MIN })))!
    await f.store.runs.recordOutcomes([{ logId: running, executorAddress: 'http://127.0.0.1:9999/', triggerCode: 200, triggerMsg: 'ok' }])
    await finished(f.store, 8, T0, 10, 200)

    const bars = await f.store.runViews.jobRuns(7, 50)
    expect(bars).toEqual([
      { id: first, triggerType: 'MANUAL', scheduleTimeMs: null, triggerTimeMs: T0, startTimeMs: T0, endTimeMs: T0 + 2000, state: 'failed', retryOf: null },
      {
        id: retry,
        triggerType: 'RETRY',
        scheduleTimeMs: null,
        triggerTimeMs: T0 + 3000,
        startTimeMs: T0 + 3000,
        endTimeMs: T0 + 4000,
        state: 'success',
        retryOf: first,
      },
      {
        id: running,
        triggerType: 'MANUAL',
        scheduleTimeMs: null,
        triggerTimeMs: T0 + MIN,
        startTimeMs: T0 + MIN,
        endTimeMs: 0,
        state: 'running',
        retryOf: null,
      },
    ])
    // The limit keeps the newest.
    expect((await f.store.runViews.jobRuns(7, 2)).map((b) => b.id)).toEqual([retry, running])
  })

  it('ranks the slowest and the most failing jobs of a window, narrowed to groups, a kill not counted as a failure', async () => {
    for (let i = 0; i < 3; i++) await finished(f.store, 1, T0 + i * MIN, 1000, 200)
    await finished(f.store, 2, T0, 9000, 200)
    await finished(f.store, 2, T0 + MIN, 3000, 500)
    await finished(f.store, 3, T0, 100, 500)
    await finished(f.store, 3, T0 + MIN, 100, 500)
    await finished(f.store, 101, T0, 60_000, 500)
    const killed = (await f.store.runs.insert(newRun({ jobId: 4, triggerTimeMs: T0 })))!
    await f.store.runs.recordOutcomeAndComplete(
      { logId: killed, executorAddress: 'http://127.0.0.1:9999/', triggerCode: 200, triggerMsg: 'ok' },
      { logId: killed, handleCode: 500, handleMsg: 'job killed by an operator', handleTimeMs: T0 + 50 },
    )
    // Before the window: not counted.
    await finished(f.store, 3, T0 - 10 * MIN, 100, 500)

    const { slowest } = await f.store.runViews.rankings(T0, null)
    expect(slowest.map((r) => [r.jobId, r.avgDurationMs, r.maxDurationMs])).toEqual([
      [101, 60_000, 60_000],
      [2, 6000, 9000],
      [1, 1000, 1000],
      [3, 100, 100],
      [4, 50, 50],
    ])
    const failing = (await f.store.runViews.rankings(T0, [1])).mostFailing
    expect(failing.map((r) => [r.jobId, r.failCount, r.runCount])).toEqual([
      [3, 2, 2],
      [2, 1, 2],
    ])
    expect(await f.store.runViews.rankings(T0, [])).toEqual({ slowest: [], mostFailing: [] })
  })

  it("reads a flow's last runs oldest first, a queued one not started", async () => {
    const flowId = await f.store.flows.insert(flow('nightly'))
    const other = await f.store.flows.insert(flow('hourly'))
    const done = await addRun(f.store, flowId, { triggerType: 'CRON', scheduleTimeMs: T0, startTimeMs: T0 + 5, addTimeMs: T0 })
    await f.store.flowRuns.setState(done, ['running'], 'failed', { endTimeMs: T0 + 9000 })
    const queued = await addRun(f.store, flowId, { state: 'queued', startTimeMs: 0, addTimeMs: T0 + MIN })
    await addRun(f.store, other)
    expect(await f.store.runViews.flowRuns(flowId, 10)).toEqual([
      { id: done, triggerType: 'CRON', scheduleTimeMs: T0, triggerTimeMs: T0, startTimeMs: T0 + 5, endTimeMs: T0 + 9000, state: 'failed', retryOf: null },
      { id: queued, triggerType: 'MANUAL', scheduleTimeMs: null, triggerTimeMs: T0 + MIN, startTimeMs: 0, endTimeMs: 0, state: 'queued', retryOf: null },
    ])
    expect((await f.store.runViews.flowRuns(flowId, 1)).map((b) => b.id)).toEqual([queued])
  })
})

storeSuite('the alarm list', (f) => {
  const entry = (atMs: number, over: Record<string, unknown> = {}) => ({
    logId: 10,
    jobId: 7,
    jobGroup: 1,
    kind: 'failure' as const,
    state: 'sent' as const,
    atMs,
    deliveries: [{ channel: 'webhook' as const, target: 'http://127.0.0.1:1/hook', ok: true, detail: '' }],
    message: '',
    rule: JSON.stringify({ rule: 'sent', failures: 1, folded: 0 }),
    ...over,
  })

  it('keeps each alarm with its deliveries and rule, lists a window newest first by job, state and groups', async () => {
    const a = await f.store.alarmList.add(entry(T0))
    const b = await f.store.alarmList.add(entry(T0 + MIN, { state: 'folded', deliveries: [], rule: JSON.stringify({ rule: 'folded', quietSec: 600 }) }))
    const c = await f.store.alarmList.add(entry(T0 + 2 * MIN, { jobId: 8, jobGroup: 2, state: 'failed', message: 'webhook: HTTP 500' }))
    const d = await f.store.alarmList.add(entry(T0 + 3 * MIN, { resentOf: a, resentBy: 'alice', rule: '' }))

    const window = { from: T0, to: T0 + 10 * MIN }
    expect((await f.store.alarmList.list(window, null, 100)).map((e) => e.id)).toEqual([d, c, b, a])
    expect((await f.store.alarmList.list({ ...window, jobId: 7 }, null, 100)).map((e) => e.id)).toEqual([d, b, a])
    expect((await f.store.alarmList.list({ ...window, state: 'failed' }, null, 100)).map((e) => e.id)).toEqual([c])
    expect((await f.store.alarmList.list(window, [2], 100)).map((e) => e.id)).toEqual([c])
    expect(await f.store.alarmList.list(window, [], 100)).toEqual([])
    expect((await f.store.alarmList.list({ from: T0 + 1, to: T0 + 2 * MIN }, null, 100)).map((e) => e.id)).toEqual([b])
    expect((await f.store.alarmList.list(window, null, 2)).map((e) => e.id)).toEqual([d, c])

    expect(await f.store.alarmList.get(b)).toMatchObject({
      state: 'folded',
      deliveries: [],
      rule: { rule: 'folded', quietSec: 600 },
      resentOf: 0,
      resentBy: '',
    })
    expect(await f.store.alarmList.get(d)).toMatchObject({ resentOf: a, resentBy: 'alice', rule: null, deliveries: [{ channel: 'webhook', ok: true }] })
    expect(await f.store.alarmList.get(c)).toMatchObject({ jobId: 8, jobGroup: 2, message: 'webhook: HTTP 500' })
    expect(await f.store.alarmList.get(9999)).toBeUndefined()

    expect(await f.store.alarmList.deleteBefore(T0 + 2 * MIN)).toBe(2)
    expect((await f.store.alarmList.list(window, null, 100)).map((e) => e.id)).toEqual([d, c])
  })

  it("cuts a long message and a delivery's detail to the columns' widths", async () => {
    const id = await f.store.alarmList.add(
      entry(T0, { message: 'm'.repeat(5000), deliveries: [{ channel: 'email', target: 'ops@example.com', ok: false, detail: 'd'.repeat(5000) }] }),
    )
    const stored = (await f.store.alarmList.get(id))!
    expect(stored.message).toHaveLength(1000)
    expect(stored.deliveries[0].detail).toHaveLength(300)
  })
})
