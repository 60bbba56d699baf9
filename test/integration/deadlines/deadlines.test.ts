import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../../src/main/kernel/clock'
import type { JobDeskEvent } from '../../../src/shared/api'
import { RUN_MARK } from '../../../src/shared/deadline-terms'
import { runStatus } from '../../../src/shared/model'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'

type Miss = Extract<JobDeskEvent, { type: 'deadline-miss' }> & { atMs: number }

let t: TestCore | undefined
let files: ReturnType<typeof makeTempDir> | undefined
let clockOfTest: ManualClock | undefined
afterEach(async () => {
  // The core's loops sleep on the manual clock, its stop too (the executor's grace): time moves on while it stops.
  let stopped = false
  const stopping = t?.stop().finally(() => (stopped = true))
  for (let step = 0; stopping && !stopped && step < 600; step++) {
    await clockOfTest?.advance(1000)
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  await stopping
  files?.remove()
  t = files = clockOfTest = undefined
})

const T0 = Date.parse('2026-12-07T02:59:50Z')
const at = (iso: string) => Date.parse(iso)

/** A core on a manual clock whose deadline monitor looks each second, and the warnings it shows, with the clock's time when shown. */
async function start(): Promise<{ clock: ManualClock; misses: Miss[]; done: (name: string) => string }> {
  const clock = new ManualClock(T0)
  clockOfTest = clock
  t = await startTestCore({ clock, monitorTimings: { deadlinePeriodMs: 1000 } })
  files = makeTempDir('jobdesk-deadlines-')
  const misses: Miss[] = []
  t.core.events.subscribe((event) => {
    if (event.type === 'deadline-miss') misses.push({ ...event, atMs: clock.nowMs() })
  })
  const dir = files.path
  return { clock, misses, done: (name) => join(dir, name) }
}

/** Moves the clock to `iso` a second at a time, as the loops would see it. */
async function advanceTo(clock: ManualClock, iso: string): Promise<void> {
  const target = at(iso)
  while (clock.nowMs() < target) await clock.advance(Math.min(1000, target - clock.nowMs()))
}

const finish = (path: string) => writeFileSync(path, 'done')

/**
 * Moves the clock on 20 ms a look (a look every 20 ms: about the pace of real time), at most
 * `withinMs`, until `probe` holds: an embedded run reads pending until its outcome has waited its
 * 500-ms hold (a real timer, checked against this clock) for the run's end.
 */
function stepUntil<T>(what: string, withinMs: number, probe: () => Promise<T | undefined | false>): Promise<T> {
  const clock = clockOfTest!
  const untilMs = clock.nowMs() + withinMs
  return waitFor(what, async () => {
    const value = await probe()
    if (value !== undefined && value !== false) return value
    if (clock.nowMs() >= untilMs) throw new Error(`${what}: not within ${withinMs} ms of the test's clock`)
    await clock.advance(20)
    return false
  })
}

/**
 * Waits for `probe` while the clock stands still: each look first wakes the loops whose time has
 * come (a loop that went to sleep after the last advance, for the instant it already is).
 */
function settle<T>(what: string, probe: () => T | undefined | false | Promise<T | undefined | false>): Promise<T> {
  return waitFor(what, async () => {
    await clockOfTest!.advance(0)
    return probe()
  })
}

describe('deadlines through the core', () => {
  it('a job due at 03:00 with finishBy 03:00:05 and a 10 s run: one late warning at 03:00:05, the run marked', async () => {
    const { clock, misses, done } = await start()
    const end = done('settlement')
    const job = await t!.addJob({
      name: 'settlement',
      scheduleType: 'CRON',
      scheduleConf: '0 0 3 * * ?',
      executorHandler: 'untilFileJobHandler',
      executorParam: end,
      finishBy: '03:00:05',
    })
    await t!.core.api.startJob(job)
    await advanceTo(clock, '2026-12-07T03:00:00Z')
    const run = await stepUntil('the 03:00 run to be running', 2000, async () => {
      const [r] = (await t!.core.api.listRuns({ jobId: job })).runs
      return r && runStatus(r) === 'running' && r
    })
    expect(run.scheduleTimeMs).toBe(at('2026-12-07T03:00:00Z'))

    await advanceTo(clock, '2026-12-07T03:00:04Z')
    expect(misses).toEqual([])
    await advanceTo(clock, '2026-12-07T03:00:05Z')
    await settle('the late warning', () => misses.length > 0)
    expect(misses).toEqual([
      expect.objectContaining({ kind: 'lateFinish', target: 'job', runId: run.id, ownerId: job, ownerName: 'settlement', atMs: at('2026-12-07T03:00:05Z') }),
    ])
    expect((await t!.core.api.getRun(run.id)).deadlineMarks).toBe(RUN_MARK.lateFinish)

    // The run ends at 03:00:10, and later looks find nothing new: once per run.
    await advanceTo(clock, '2026-12-07T03:00:10Z')
    finish(end)
    await settle('the run to end', async () => (await t!.core.api.getRun(run.id)).handleCode === 200)
    await advanceTo(clock, '2026-12-07T03:00:30Z')
    expect(misses).toHaveLength(1)
    expect((await t!.core.api.getRun(run.id)).handleCode).toBe(200)
  })

  it('under a silence of its job the late run is marked and counted, and no warning goes out (the alarm policy decides the sending)', async () => {
    const { clock, misses, done } = await start()
    const end = done('settlement')
    const job = await t!.addJob({
      name: 'settlement',
      scheduleType: 'CRON',
      scheduleConf: '0 0 3 * * ?',
      executorHandler: 'untilFileJobHandler',
      executorParam: end,
      finishBy: '03:00:05',
    })
    await t!.core.api.addSilence({ jobId: job, until: at('2026-12-07T04:00:00Z'), reason: 'month-end rerun' })
    await t!.core.api.startJob(job)
    await advanceTo(clock, '2026-12-07T03:00:00Z')
    const run = await stepUntil('the 03:00 run to be running', 2000, async () => {
      const [r] = (await t!.core.api.listRuns({ jobId: job })).runs
      return r && runStatus(r) === 'running' && r
    })
    await advanceTo(clock, '2026-12-07T03:00:05Z')
    await settle('the run marked late', async () => (await t!.core.api.getRun(run.id)).deadlineMarks === RUN_MARK.lateFinish)
    await advanceTo(clock, '2026-12-07T03:00:10Z')
    finish(end)
    await settle('the run to end', async () => (await t!.core.api.getRun(run.id)).handleCode === 200)
    expect(misses).toEqual([])
  })

  it('slowFactor: after 10 runs of 2 s, a run past 3 × p95 gets one slow warning and is not killed', async () => {
    const { clock, misses, done } = await start()
    const job = await t!.addJob({ name: 'export', executorHandler: 'untilFileJobHandler', executorParam: '', slowFactor: 3 })
    const oneRun = async (n: number) => {
      const end = done(`run-${n}`)
      const [id] = (await t!.core.api.triggerJob({ jobId: job, executorParam: end })).logIds
      const startedMs = clock.nowMs()
      await stepUntil(`run ${n} running`, 1500, async () => runStatus(await t!.core.api.getRun(id)) === 'running')
      return { id, end, startedMs }
    }
    for (let n = 1; n <= 10; n++) {
      const { id, end, startedMs } = await oneRun(n)
      await clock.advance(startedMs + 2000 - clock.nowMs())
      finish(end)
      await settle(`run ${n} to end`, async () => (await t!.core.api.getRun(id)).handleCode === 200)
    }
    expect(misses).toEqual([])

    const slow = await oneRun(11)
    await clock.advance(slow.startedMs + 6000 - clock.nowMs())
    expect(misses).toEqual([])
    await clock.advance(1000)
    await settle('the slow warning', () => misses.length > 0)
    await clock.advance(10_000)
    expect(misses).toEqual([expect.objectContaining({ kind: 'slow', target: 'job', runId: slow.id, detail: '3 × p95 2 s' })])
    // A warning, not a kill: the run is still going, and ends as it would have.
    expect(runStatus(await t!.core.api.getRun(slow.id))).toBe('running')
    finish(slow.end)
    await settle('the slow run to end', async () => (await t!.core.api.getRun(slow.id)).handleCode === 200)
    expect(await t!.core.api.getRun(slow.id)).toMatchObject({ id: slow.id, handleCode: 200, deadlineMarks: RUN_MARK.slow })
  })

  it('startDeadlineSec with the executor down: the run that never started is late to start once', async () => {
    const { clock, misses } = await start()
    const group = await t!.core.api.saveGroup({ appName: 'down-app', name: 'down', addressType: 1, addressList: 'http://127.0.0.1:9/', accessToken: '' })
    const job = await t!.addJob({ jobGroup: group.id, name: 'feed', scheduleType: 'CRON', scheduleConf: '0 0 3 * * ?', startDeadlineSec: 30 })
    await t!.core.api.startJob(job)
    await advanceTo(clock, '2026-12-07T03:00:00Z')
    const run = await settle('the refused trigger', async () => {
      const [r] = (await t!.core.api.listRuns({ jobId: job })).runs
      return r && runStatus(r) === 'failed' && r
    })
    await advanceTo(clock, '2026-12-07T03:00:29Z')
    expect(misses).toEqual([])
    await advanceTo(clock, '2026-12-07T03:00:30Z')
    await settle('the late-start warning', () => misses.length > 0)
    await advanceTo(clock, '2026-12-07T03:01:00Z')
    expect(misses).toEqual([expect.objectContaining({ kind: 'lateStart', target: 'job', runId: run.id, atMs: at('2026-12-07T03:00:30Z') })])
    expect((await t!.core.api.getRun(run.id)).deadlineMarks).toBe(RUN_MARK.lateStart)
  })

  it('a deadline on a flow is on the whole run: marked and warned once as a flow run; its node shows its job run’s own mark', async () => {
    const { clock, misses, done } = await start()
    const end = done('load')
    const job = await t!.addJob({ name: 'load', executorHandler: 'untilFileJobHandler', executorParam: end, finishWithinSec: 2 })
    const flow = await t!.core.api.addFlow({ name: 'nightly', finishWithinSec: 5, nodes: [{ key: 'load', jobId: job }], edges: [] })
    const { flowRunId } = await t!.core.api.triggerFlow({ flowId: flow.id })
    const [nodeRun] = await settle('the node to run', async () => {
      const { runs } = await t!.core.api.listRuns({ jobId: job })
      return runs.length > 0 && runs
    })
    await clock.advance(2000)
    await settle("the job run's own late warning", () => misses.length > 0)
    await clock.advance(2000)
    expect(misses.map((m) => `${m.target} ${m.kind} ${m.runId}`)).toEqual([`job lateFinish ${nodeRun.id}`])
    await clock.advance(1000)
    await settle('the flow late warning', () => misses.length > 1)
    await clock.advance(5000)
    expect(misses.slice(1)).toEqual([expect.objectContaining({ kind: 'lateFinish', target: 'flow', runId: flowRunId, ownerId: flow.id, ownerName: 'nightly' })])
    const viewed = await t!.core.api.getFlowRun(flowRunId!)
    expect(viewed.deadlineMarks).toBe(RUN_MARK.lateFinish)
    expect(viewed.nodes.map((n) => [n.key, n.deadlineMarks])).toEqual([['load', RUN_MARK.lateFinish]])
    finish(end)
  })
})
