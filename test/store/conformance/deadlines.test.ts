import { expect, it } from 'vitest'
import { RUN_MARK } from '../../../src/shared/deadline-terms'
import { newRun } from '../../support/new-run'
import { addRun, flow } from './flow-fixture'
import { addGroup, addJob, storeSuite, T0 } from './store-fixture'

storeSuite('deadlines', (f) => {
  it('watches only the jobs and flows with a term on, and keeps each term as given', async () => {
    const group = await addGroup(f.store)
    await addJob(f.store, group, { name: 'plain' })
    const late = await addJob(f.store, group, { name: 'late', timezone: 'Asia/Shanghai', finishBy: '06:00', startDeadlineSec: 60 })
    const slow = await addJob(f.store, group, { name: 'slow', slowFactor: 2.5, finishWithinSec: 600 })
    expect(await f.store.deadlines.watchedJobs()).toEqual([
      {
        id: late,
        name: 'late',
        timezone: 'Asia/Shanghai',
        alarmEmail: '',
        terms: { startDeadlineSec: 60, finishBy: '06:00', finishWithinSec: 0, slowFactor: 0 },
      },
      { id: slow, name: 'slow', timezone: 'UTC', alarmEmail: '', terms: { startDeadlineSec: 0, finishBy: '', finishWithinSec: 600, slowFactor: 2.5 } },
    ])
    expect((await f.store.jobs.get(slow))?.slowFactor).toBe(2.5)

    await f.store.flows.insert(flow('plain'))
    const watched = await f.store.flows.insert(flow('nightly', { finishBy: '06:00:30' }))
    expect(await f.store.deadlines.watchedFlows()).toEqual([
      {
        id: watched,
        name: 'nightly',
        timezone: 'Europe/Berlin',
        alarmEmail: 'ops@example.com',
        terms: { startDeadlineSec: 0, finishBy: '06:00:30', finishWithinSec: 0, slowFactor: 0 },
      },
    ])
    expect((await f.store.flows.get(watched))?.finishBy).toBe('06:00:30')
  })

  it('reads the open runs of watched jobs, those written after a run, and some by id, with when each was due, started and ended', async () => {
    const before = (await f.store.runs.insert(newRun({ jobId: 5, triggerTimeMs: T0 - 1 })))!
    const sent = (await f.store.runs.insert(newRun({ jobId: 5, triggerType: 'CRON', scheduleTimeMs: T0, triggerTimeMs: T0 + 2_000 })))!
    await f.store.runs.recordOutcomes([{ logId: sent, executorAddress: 'http://127.0.0.1:9999/', triggerCode: 200, triggerMsg: 'ok' }])
    const pending = (await f.store.runs.insert(newRun({ jobId: 5, triggerTimeMs: T0 + 3_000 })))!
    const ended = (await f.store.runs.insert(newRun({ jobId: 5, triggerTimeMs: T0 + 4_000 })))!
    await f.store.runs.recordOutcomes([{ logId: ended, executorAddress: 'a', triggerCode: 200, triggerMsg: 'ok' }])
    await f.store.runs.complete([{ logId: ended, handleCode: 200, handleMsg: 'ok', handleTimeMs: T0 + 5_000 }])
    const refused = (await f.store.runs.insert(newRun({ jobId: 5, triggerTimeMs: T0 + 6_000 })))!
    await f.store.runs.recordOutcomes([{ logId: refused, executorAddress: '', triggerCode: 500, triggerMsg: 'executor down' }])
    const other = (await f.store.runs.insert(newRun({ jobId: 6, triggerTimeMs: T0 })))!

    const open = await f.store.deadlines.openJobRuns([5], T0, 100)
    expect(open.sort((a, b) => a.id - b.id)).toEqual([
      { id: sent, ownerId: 5, dueMs: T0, startedMs: T0 + 2_000, endedMs: 0, marks: 0 },
      { id: pending, ownerId: 5, dueMs: T0 + 3_000, startedMs: 0, endedMs: 0, marks: 0 },
    ])
    expect((await f.store.deadlines.openJobRuns([5], T0 - 1, 100)).map((r) => r.id).sort((a, b) => a - b)).toEqual([before, sent, pending])
    expect((await f.store.deadlines.jobRunsAfter([5], sent, 100)).map((r) => r.id)).toEqual([pending, ended, refused])
    expect((await f.store.deadlines.jobRunsAfter([5, 6], before, 2)).map((r) => r.id)).toEqual([sent, pending])
    // A refused trigger never started; it ended then (its failure has its own alarm).
    expect(await f.store.deadlines.jobRunsById([refused, ended, 9999])).toEqual(
      expect.arrayContaining([
        { id: refused, ownerId: 5, dueMs: T0 + 6_000, startedMs: 0, endedMs: T0 + 6_000, marks: 0 },
        { id: ended, ownerId: 5, dueMs: T0 + 4_000, startedMs: T0 + 4_000, endedMs: T0 + 5_000, marks: 0 },
      ]),
    )
    expect(await f.store.deadlines.lastJobRunIdBefore(T0)).toBe(before)
    expect(await f.store.deadlines.lastJobRunIdBefore(T0 + 60_000)).toBe(other)
    expect(await f.store.deadlines.jobDurations(5, ended + 1, 20)).toEqual([1_000])
    expect(await f.store.deadlines.jobDurations(5, ended, 20)).toEqual([])
  })

  it('reads the runs of watched flows and the durations of their successful runs', async () => {
    const id = await f.store.flows.insert(flow('nightly'))
    const done = await addRun(f.store, id, { scheduleTimeMs: T0, triggerType: 'CRON', addTimeMs: T0, startTimeMs: T0 + 1_000 })
    await f.store.flowRuns.setState(done, ['running'], 'success', { endTimeMs: T0 + 9_000 })
    const going = await addRun(f.store, id, { addTimeMs: T0 + 20_000, startTimeMs: 0, state: 'queued' })
    expect(await f.store.deadlines.flowRuns([id], T0, T0 + 10_000, 100)).toEqual([
      { id: going, ownerId: id, dueMs: T0 + 20_000, startedMs: 0, endedMs: 0, marks: 0 },
    ])
    expect((await f.store.deadlines.flowRuns([id], T0, T0, 100)).map((r) => r.id)).toEqual([done, going])
    expect(await f.store.deadlines.flowDurations(id, going, 20)).toEqual([8_000])
  })

  it('marks a run once per kind across two nodes: one compare-and-set wins', async () => {
    const other = await f.another()
    const runId = (await f.store.runs.insert(newRun({ jobId: 5 })))!
    const flowRunId = await addRun(f.store, await f.store.flows.insert(flow('f')))
    const wins = await Promise.all([f.store.deadlines.markJobRun(runId, 'lateFinish'), other.deadlines.markJobRun(runId, 'lateFinish')])
    expect(wins.filter(Boolean)).toHaveLength(1)
    expect(await other.deadlines.markJobRun(runId, 'slow')).toBe(true)
    expect(await f.store.deadlines.markJobRun(runId, 'slow')).toBe(false)
    expect((await f.store.runs.get(runId))?.deadlineMarks).toBe(RUN_MARK.lateFinish | RUN_MARK.slow)
    const unmarked = (await f.store.runs.insert(newRun({ jobId: 5 })))!
    expect(await f.store.deadlines.jobRunMarks([runId, unmarked, 9999])).toEqual(new Map([[runId, RUN_MARK.lateFinish | RUN_MARK.slow]]))

    const flowWins = await Promise.all([f.store.deadlines.markFlowRun(flowRunId, 'lateStart'), other.deadlines.markFlowRun(flowRunId, 'lateStart')])
    expect(flowWins.filter(Boolean)).toHaveLength(1)
    expect((await f.store.flowRuns.get(flowRunId))?.deadlineMarks).toBe(RUN_MARK.lateStart)
    await expect(f.store.deadlines.markJobRun(runId, 'bogus' as never)).rejects.toThrow(/not a deadline mark/)
  })
})
