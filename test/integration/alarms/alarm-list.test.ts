import { afterEach, describe, expect, it } from 'vitest'
import { ALARM_STATUS, type JobRun } from '../../../src/shared/model'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { ENGINES, withDatabase, type TestDatabase } from '../../support/db-servers'
import { waitFor } from '../../support/wait-for'
import { startMailSink } from './support/mail-sink'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

const decided = (run: JobRun) => run.alarmStatus !== ALARM_STATUS.todo && run.alarmStatus !== ALARM_STATUS.locked

/** Triggers the job and resolves with its `nth` run once the alarm policy has decided it: one failure at a time, in order. */
async function failOnce(t: TestCore, jobId: number, nth: number): Promise<JobRun> {
  await t.core.api.triggerJob({ jobId })
  const id = (await t.finishedRuns(jobId, nth))[nth - 1].id
  return waitFor(`run ${nth} decided`, async () => {
    const run = await t.core.api.getRun(id)
    return decided(run) && run
  })
}

/**
 * The alarm list through the real core, on each engine: the fail monitor keeps every alarm the
 * policy decides with its channels' delivery; one is sent again by hand; the same runs show on the
 * job's runs over time and in the dashboard's rankings.
 */
describe.each(ENGINES)('the alarm list and runs over time on %s', (engine) => {
  let database: TestDatabase | undefined
  afterEach(async () => {
    await database?.drop()
    database = undefined
  })

  it('keeps a failed alarm and a folded one with their delivery, filters them, and sends the failed one again once mail works', async () => {
    database = await withDatabase(engine)
    const t = await startTestCore({ monitorTimings: { failMonitorPeriodMs: 100 }, ...(engine === 'sqlite' ? {} : { database: database.url }) })
    cleanups.push(() => t.stop())
    const sink = await startMailSink()
    cleanups.push(() => sink.close())
    // No SMTP server yet: the first alarm fails on its email channel.
    await t.core.api.saveSettings({ alarms: { desktop: false, webhooks: [], smtp: null } })
    const from = Date.now() - 1000
    const jobId = await t.addJob({
      name: 'nightly export',
      executorHandler: 'failJobHandler',
      executorFailRetryCount: 0,
      alarmEmail: 'ops@example.test',
      alarmAfterFailures: 1,
      alarmQuietSec: 3600,
    })
    const first = await failOnce(t, jobId, 1)
    const second = await failOnce(t, jobId, 2)
    expect([first.alarmStatus, second.alarmStatus]).toEqual([ALARM_STATUS.failed, ALARM_STATUS.folded])

    const window = { from, to: Date.now() + 1000 }
    const alarms = await t.core.api.listAlarms(window)
    expect(alarms).toMatchObject([
      { logId: second.id, jobId, jobGroup: t.groupId, kind: 'failure', state: 'folded', deliveries: [], rule: { rule: 'folded', quietSec: 3600 } },
      {
        logId: first.id,
        jobId,
        kind: 'failure',
        state: 'failed',
        deliveries: [{ channel: 'email', target: 'ops@example.test', ok: false }],
        rule: { rule: 'sent', failures: 1, folded: 0 },
        resentOf: 0,
      },
    ])
    expect(alarms[1].message).toContain('smtpOff')
    expect((await t.core.api.listAlarms({ ...window, state: 'folded' })).map((a) => a.logId)).toEqual([second.id])
    expect(await t.core.api.listAlarms({ ...window, jobId: jobId + 1000 })).toEqual([])

    await t.core.api.saveSettings({
      alarms: { desktop: false, webhooks: [], smtp: { host: '127.0.0.1', port: sink.port, secure: false, from: 'jobdesk@example.test' } },
    })
    const resent = await t.core.api.resendAlarm({ id: alarms[1].id })
    expect(resent).toMatchObject({
      logId: first.id,
      state: 'sent',
      resentOf: alarms[1].id,
      deliveries: [{ channel: 'email', target: 'ops@example.test', ok: true }],
    })
    await waitFor('the mail sent again', () => sink.received.length === 1)
    expect(sink.received[0].to).toEqual(['ops@example.test'])
    expect((await t.core.api.listAlarms({ from, to: Date.now() + 1000 }))[0].id).toBe(resent.id)

    const bars = await t.core.api.listJobRunsOverTime({ jobId, limit: 50 })
    expect(bars.map((b) => [b.id, b.state])).toEqual([
      [first.id, 'failed'],
      [second.id, 'failed'],
    ])
    const rankings = await t.core.api.getJobRankings()
    expect(rankings.mostFailing[0]).toMatchObject({ jobId, jobName: 'nightly export', failCount: 2, runCount: 2 })
    expect(rankings.slowest.map((r) => r.jobId)).toContain(jobId)
  })
})
