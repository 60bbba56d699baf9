import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../../src/main/kernel/clock'
import { ALARM_STATUS } from '../../../src/shared/model'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { waitFor } from '../../support/wait-for'

let t: TestCore | undefined
afterEach(async () => {
  await t?.stop()
  t = undefined
})

const T0 = Date.UTC(2026, 10, 30, 9, 0, 0)

/** Moves a manual clock forward in small steps until `done` holds, letting every loop run at each step. */
async function stepUntil(clock: ManualClock, stepMs: number, what: string, done: () => Promise<boolean>): Promise<void> {
  await waitFor(
    what,
    async () => {
      if (await done()) return true
      await clock.advance(stepMs)
      return false
    },
    60_000,
  )
}

describe('fail retry (seeds/002: retry)', () => {
  it('retries a failing run as new runs with the count decremented until one succeeds: codes [500, 500, 200], left [2, 1, 0]', async () => {
    t = await startTestCore({ monitorTimings: { failMonitorPeriodMs: 100 } })
    const counter = join(t.dataDir, 'attempts')
    const job = await t.addJob({ executorHandler: 'flakyJobHandler', executorParam: `${counter}|2`, executorFailRetryCount: 2 })
    await t.core.api.triggerJob({ jobId: job })
    const runs = await t.finishedRuns(job, 3)

    expect(runs.map((r) => r.handleCode)).toEqual([500, 500, 200])
    expect(runs.map((r) => r.executorFailRetryCount)).toEqual([2, 1, 0])
    expect(runs.map((r) => r.triggerType)).toEqual(['MANUAL', 'RETRY', 'RETRY'])
    // Each retry names the run it retries; the failed rows are never rewritten.
    expect(runs[1].parentLogId).toBe(runs[0].id)
    expect(runs[2].parentLogId).toBe(runs[1].id)
    expect(runs[0].handleMsg).toContain('attempt 1 fails')
    // The monitor took both failures (0 → −1, then 1: no alarm needed, a retry was left); the last,
    // successful run is never taken (0).
    const settled = await waitFor('alarm statuses settled', async () => {
      const all = (await t!.core.api.listRuns({ jobId: job })).runs
      return all.every((r) => r.alarmStatus !== -1) && all
    })
    expect(settled.map((r) => [r.id, r.alarmStatus]).reverse()).toEqual([
      [runs[0].id, ALARM_STATUS.notNeeded],
      [runs[1].id, ALARM_STATUS.notNeeded],
      [runs[2].id, ALARM_STATUS.todo],
    ])
  })

  it('waits the fixed interval before each retry', async () => {
    const clock = new ManualClock(T0)
    // No jitter: this test is about the interval itself.
    t = await startTestCore({ clock, retryJitterRatio: 0, monitorTimings: { failMonitorPeriodMs: 10_000 } })
    const job = await t.addJob({
      executorHandler: 'failJobHandler',
      executorFailRetryCount: 2,
      retryBackoff: 'FIXED',
      retryIntervalSec: 3,
    })
    await t.core.api.triggerJob({ jobId: job })
    const runs: Awaited<ReturnType<TestCore['finishedRuns']>> = []
    await stepUntil(clock, 100, 'three failed attempts', async () => {
      const { runs: all } = await t!.core.api.listRuns({ jobId: job })
      const done = all.filter((r) => r.handleCode !== 0)
      runs.splice(0, runs.length, ...done.reverse())
      return done.length === 3
    })
    const gaps = [1, 2].map((i) => runs[i].triggerTimeMs - runs[i - 1].handleTimeMs)
    // Due exactly 3 s after the failure; the clock moves in 100 ms steps.
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(3000)
      expect(gap).toBeLessThanOrEqual(3100)
    }
  })

  it('doubles the interval per attempt with exponential backoff', async () => {
    const clock = new ManualClock(T0)
    t = await startTestCore({ clock, retryJitterRatio: 0, monitorTimings: { failMonitorPeriodMs: 60_000 } })
    const job = await t.addJob({
      executorHandler: 'failJobHandler',
      executorFailRetryCount: 3,
      retryBackoff: 'EXPONENTIAL',
      retryIntervalSec: 1,
      retryMaxIntervalSec: 3,
    })
    await t.core.api.triggerJob({ jobId: job })
    let runs: Awaited<ReturnType<TestCore['finishedRuns']>> = []
    await stepUntil(clock, 100, 'four failed attempts', async () => {
      const done = (await t!.core.api.listRuns({ jobId: job })).runs.filter((r) => r.handleCode !== 0)
      runs = done.reverse()
      return done.length === 4
    })
    const gaps = [1, 2, 3].map((i) => runs[i].triggerTimeMs - runs[i - 1].handleTimeMs)
    // 1 s, 2 s, then 4 s capped at 3 s.
    expect(gaps.map((g) => Math.floor(g / 1000))).toEqual([1, 2, 3])
    gaps.forEach((g, i) => expect(g - [1000, 2000, 3000][i]).toBeLessThanOrEqual(100))
  })
})
