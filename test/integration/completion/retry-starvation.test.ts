import { sqliteDb } from '../../support/sqlite-db'
import { afterEach, describe, expect, it } from 'vitest'
import { FailMonitor } from '../../../src/main/completion/fail-monitor'
import { ManualClock } from '../../../src/main/kernel/clock'
import { silentLogger } from '../../../src/main/kernel/logger'
import { ALARM_STATUS, type JobRun } from '../../../src/shared/model'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { waitFor } from '../../support/wait-for'

let t: TestCore | undefined
afterEach(async () => {
  await t?.stop()
  t = undefined
})

const T0 = Date.UTC(2026, 10, 30, 9, 0, 0)
const BACKING_OFF = 5000
const STEP_MS = 100

/** Moves the clock in small steps until `done` yields a value, letting every loop run at each step. */
async function stepUntil<T>(clock: ManualClock, what: string, done: () => Promise<T | undefined | false>): Promise<T> {
  return waitFor(
    what,
    async () => {
      const value = await done()
      if (value !== undefined && value !== false) return value
      await clock.advance(STEP_MS)
      return false
    },
    60_000,
  )
}

function count(core: TestCore, sql: string, ...args: number[]): number {
  return (
    sqliteDb(core.core.store)
      .prepare(sql)
      .get(...args) as { n: number }
  ).n
}

describe('the fail monitor does not starve behind runs backing off (issue 10.4)', () => {
  it(`retries and alarms a newer failure on time while ${BACKING_OFF} older failures wait an hour`, async () => {
    const clock = new ManualClock(T0)
    t = await startTestCore({ clock, monitorTimings: { failMonitorPeriodMs: 10_000 } })
    await t.core.api.saveSettings({ alarms: { desktop: true, webhooks: [], smtp: null } })
    const alarmed: number[] = []
    t.core.events.subscribe((event) => event.type === 'alarm' && alarmed.push(event.logId))

    // 5000 runs that failed a second ago, each with a retry due in an hour.
    const slowJob = await t.addJob({ executorHandler: 'failJobHandler', executorFailRetryCount: 1, retryBackoff: 'FIXED', retryIntervalSec: 3600 })
    const insert = sqliteDb(t.core.store).prepare(
      `INSERT INTO job_log (job_group, job_id, executor_handler, executor_fail_retry_count, trigger_time, trigger_type,
                            trigger_code, handle_code, handle_msg, handle_time, alarm_status)
       VALUES (?, ?, 'failJobHandler', 1, ?, 'MANUAL', 200, 500, 'failed on purpose', ?, 0)`,
    )
    sqliteDb(t.core.store).transaction(() => {
      for (let i = 0; i < BACKING_OFF; i++) insert.run(t!.groupId, slowJob, T0 - 2000, T0 - 1000)
    })()
    // The monitor's next pass sees them all and plans their retries (1000 per query, passes back to back).
    const unplanned = `SELECT COUNT(*) AS n FROM job_log WHERE job_id = ? AND alarm_status = 0 AND retry_due_time IS NULL`
    await stepUntil(clock, 'the backing-off runs to be planned', async () => count(t!, unplanned, slowJob) === 0)

    // Now two newer failures: one with a retry 5 s after it (and an alarm for every failure), one final.
    const retried = await t.addJob({
      executorHandler: 'failJobHandler',
      executorFailRetryCount: 1,
      retryBackoff: 'FIXED',
      retryIntervalSec: 5,
      alarmOnEveryFailure: true,
    })
    const final = await t.addJob({ executorHandler: 'failJobHandler', executorFailRetryCount: 0 })
    const [retriedRun] = (await t.core.api.triggerJob({ jobId: retried })).logIds
    const [finalRun] = (await t.core.api.triggerJob({ jobId: final })).logIds

    // The final failure is alarmed at once: the failure wakes the monitor, no waiting behind the 5000.
    const finalAlarm = await stepUntil(clock, 'the final failure to be alarmed', async () => {
      const run = await t!.core.api.getRun(finalRun)
      return run.alarmStatus === ALARM_STATUS.sent && { run, atMs: clock.nowMs() }
    })
    expect(finalAlarm.atMs - finalAlarm.run.handleTimeMs).toBeLessThanOrEqual(STEP_MS)

    // The retried failure gets its retry 5 s after it failed (plus at most 10 % jitter), alarmed with it.
    const retry = await stepUntil(clock, 'the retry of the newer failure', async () => {
      const { runs } = await t!.core.api.listRuns({ jobId: retried, triggerType: 'RETRY' })
      return runs[0] as JobRun | undefined
    })
    const failedRun = await t.core.api.getRun(retriedRun)
    expect(retry.parentLogId).toBe(retriedRun)
    const waitedMs = retry.triggerTimeMs - failedRun.handleTimeMs
    expect(waitedMs).toBeGreaterThanOrEqual(5000)
    expect(waitedMs).toBeLessThanOrEqual(5000 + 500 + STEP_MS)
    await stepUntil(clock, 'the alarm of the retried failure', async () => (await t!.core.api.getRun(retriedRun)).alarmStatus === ALARM_STATUS.sent)
    expect(alarmed).toContain(finalRun)
    expect(alarmed).toContain(retriedRun)

    // The 5000 still wait for their hour: none taken, none retried, none alarmed.
    expect(count(t, `SELECT COUNT(*) AS n FROM job_log WHERE job_id = ? AND alarm_status = 0 AND retry_due_time >= ?`, slowJob, T0 + 3600_000 - 1000)).toBe(
      BACKING_OFF,
    )
    expect(count(t, `SELECT COUNT(*) AS n FROM job_log WHERE job_id = ? AND trigger_type = 'RETRY'`, slowJob)).toBe(0)
    const alarmedRuns = await t.core.store.runs.getMany(alarmed)
    expect(alarmedRuns.filter((run) => run.jobId === slowJob)).toEqual([])
  })

  it('takes each failed run once (alarm_status 0 → −1) when another admin takes it between read and take', async () => {
    // The core's own monitor never passes here: its clock does not move and nothing wakes it.
    t = await startTestCore({ clock: new ManualClock(T0), monitorTimings: { failMonitorPeriodMs: 3_600_000 } })
    const job = await t.addJob({ executorHandler: 'failJobHandler', executorFailRetryCount: 1 })
    const insert = sqliteDb(t.core.store).prepare(
      `INSERT INTO job_log (job_group, job_id, executor_fail_retry_count, trigger_time, trigger_type, trigger_code, handle_code, handle_time)
       VALUES (?, ?, 1, ?, 'MANUAL', 200, 500, ?)`,
    )
    const ids = [0, 1].map(() => Number(insert.run(t!.groupId, job, T0 - 2000, T0 - 1000).lastInsertRowid))
    const byA: number[] = []
    const byB: number[] = []
    const monitor = (into: number[], onTrigger: () => Promise<unknown> = async () => {}) =>
      new FailMonitor({
        store: t!.core.store,
        trigger: async (request) => {
          into.push(request.parentLogId!)
          await onTrigger()
        },
        sendAlarm: async () => ({ ok: true, message: '' }),
        logger: silentLogger,
        nowMs: () => T0,
      })
    const b = monitor(byB)
    // A read both runs; while it retries the first, B passes and takes the second.
    const a = monitor(byA, async () => byA.length === 1 && (await b.pass(T0)))
    const result = await a.pass(T0)
    expect(byA).toEqual([ids[0]])
    expect(byB).toEqual([ids[1]])
    expect(result.retried).toEqual([ids[0]])
    expect((await t.core.store.runs.getMany(ids)).map((run) => run.alarmStatus)).toEqual([ALARM_STATUS.notNeeded, ALARM_STATUS.notNeeded])
  })
})
