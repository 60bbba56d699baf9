import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../../src/main/kernel/clock'
import { parseAlarmRule } from '../../../src/shared/alarm-policy'
import { ALARM_STATUS, type JobRun } from '../../../src/shared/model'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'
import { parseMail, startMailSink, type MailSink } from './support/mail-sink'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A core whose alarms go to a real SMTP server on loopback. */
async function coreWithMail(clock?: ManualClock): Promise<{ t: TestCore; sink: MailSink }> {
  const sink = await startMailSink()
  cleanups.push(() => sink.close())
  const t = await startTestCore({ monitorTimings: { failMonitorPeriodMs: 100 }, clock })
  cleanups.push(() => t.stop())
  await t.core.api.saveSettings({
    alarms: { desktop: false, webhooks: [], smtp: { host: '127.0.0.1', port: sink.port, secure: false, from: 'jobdesk@example.test' } },
  })
  return { t, sink }
}

/** A job that fails its first `failures` runs, then succeeds, under the policy given. */
async function flakyJob(t: TestCore, failures: number, policy: { alarmAfterFailures: number; alarmQuietSec: number }): Promise<number> {
  const dir = makeTempDir()
  cleanups.push(() => dir.remove())
  return t.addJob({
    name: 'nightly export',
    executorHandler: 'flakyJobHandler',
    executorParam: `${join(dir.path, 'attempts')}|${failures}`,
    executorFailRetryCount: 0,
    alarmEmail: 'ops@example.test',
    ...policy,
  })
}

const settled = (run: JobRun) => run.alarmStatus !== ALARM_STATUS.todo && run.alarmStatus !== ALARM_STATUS.locked

/** Triggers the job once and resolves with the run once the alarm policy has decided it (a success: once it is recorded). */
async function runOnce(t: TestCore, jobId: number, nth: number, decided: (run: JobRun) => boolean): Promise<JobRun> {
  await t.core.api.triggerJob({ jobId })
  const runs = await t.finishedRuns(jobId, nth)
  const id = runs[nth - 1].id
  return waitFor(`run ${nth} of job ${jobId} decided`, async () => {
    const run = await t.core.api.getRun(id)
    return decided(run) && run
  })
}

describe('the alarm policy through the real core', () => {
  it('10 failures in a row with alarmAfterFailures 3 and alarmQuietSec 60 send one alarm, then one "recovered" on the next success', async () => {
    const clock = new ManualClock(Date.parse('2026-12-07T02:00:00Z'))
    const { t, sink } = await coreWithMail(clock)
    const jobId = await flakyJob(t, 10, { alarmAfterFailures: 3, alarmQuietSec: 60 })
    const failed: JobRun[] = []
    // One at a time: each failure is decided before the next run, as a job failing every minute is.
    // Five seconds apart on the core's manual clock: the seven after the alarm fall within its 60-s quiet time.
    for (let i = 1; i <= 10; i++) {
      failed.push(await runOnce(t, jobId, i, settled))
      await clock.advance(5_000)
    }
    expect(failed.map((r) => r.alarmStatus)).toEqual([1, 1, 2, 4, 4, 4, 4, 4, 4, 4])
    expect(failed.map((r) => parseAlarmRule(r.alarmRule)?.rule)).toEqual(['held', 'held', 'sent', ...Array(7).fill('folded')])
    expect(parseAlarmRule(failed[1].alarmRule)).toEqual({ rule: 'held', failures: 2, of: 3 })
    expect(parseAlarmRule(failed[3].alarmRule)).toEqual({ rule: 'folded', quietSec: 60 })

    const success = await runOnce(t, jobId, 11, (run) => run.alarmStatus === ALARM_STATUS.sent)
    expect(success.handleCode).toBe(200)
    // Down from the first failure to the success: ten steps of the clock.
    expect(parseAlarmRule(success.alarmRule)).toEqual({ rule: 'recovered', failures: 10, downMs: 50_000 })

    await waitFor('two mails', () => sink.received.length >= 2)
    const subjects = sink.received.map((m) => parseMail(m.raw).subject)
    expect(subjects).toHaveLength(2)
    expect(subjects[0]).toBe(`JobDesk alarm: job ${jobId} nightly export failed (run ${failed[2].id})`)
    expect(subjects[1]).toBe(`JobDesk recovered: job ${jobId} nightly export recovered after 10 failures, down for 50 s (run ${success.id})`)
    expect(parseMail(sink.received[0].raw).text).toContain('Failures in a row:')

    // The alarm list keeps each one the policy decided, newest first: not the two held, which were no alarm.
    const listed = await t.core.api.listAlarms({ from: Date.parse('2026-12-07T00:00:00Z'), to: Date.parse('2026-12-08T00:00:00Z') })
    expect(listed.map((a) => [a.kind, a.state, a.logId])).toEqual([
      ['recovery', 'sent', success.id],
      ...failed
        .slice(3)
        .reverse()
        .map((run) => ['failure', 'folded', run.id]),
      ['failure', 'sent', failed[2].id],
    ])
    expect(listed[0].deliveries).toEqual([{ channel: 'email', target: 'ops@example.test', ok: true, detail: '' }])
    expect(listed[1].deliveries).toEqual([])
  })

  it("under a silence of the job's group sends nothing and records every alarm as suppressed by it; the success ends the row with nothing to recover", async () => {
    const { t, sink } = await coreWithMail()
    const jobId = await flakyJob(t, 3, { alarmAfterFailures: 1, alarmQuietSec: 0 })
    const silence = await t.core.api.addSilence({ groupId: t.groupId, until: Date.now() + 3_600_000, reason: 'db upgrade' })
    expect(silence).toMatchObject({ target: { groupId: t.groupId }, reason: 'db upgrade', removedAtMs: 0 })
    const failed: JobRun[] = []
    for (let i = 1; i <= 3; i++) failed.push(await runOnce(t, jobId, i, settled))
    expect(failed.map((r) => r.alarmStatus)).toEqual([5, 5, 5])
    for (const run of failed)
      expect(parseAlarmRule(run.alarmRule)).toEqual({ rule: 'suppressed', silenceId: silence.id, reason: 'db upgrade', untilMs: silence.untilMs })
    // No alarm went out, so the success has no recovery to tell: it only ends the row.
    const success = await runOnce(t, jobId, 4, (run) => run.handleCode === 200)
    await waitFor('the row to end', async () => (await t.core.store.alarmPolicy.readState(`job:${jobId}`, 'failure'))?.failuresInRow === 0)
    expect((await t.core.api.getRun(success.id)).alarmStatus).toBe(ALARM_STATUS.todo)
    expect(sink.received).toEqual([])
  })

  it('a lifted silence mutes no more: the next failure is sent; the silence stays listed with who lifted it', async () => {
    const { t, sink } = await coreWithMail()
    const jobId = await flakyJob(t, 5, { alarmAfterFailures: 1, alarmQuietSec: 0 })
    const silence = await t.core.api.addSilence({ jobId, until: new Date(Date.now() + 600_000).toISOString(), reason: 'deploying' })
    expect((await runOnce(t, jobId, 1, settled)).alarmStatus).toBe(ALARM_STATUS.suppressed)
    const lifted = await t.core.api.removeSilence({ id: silence.id })
    expect(lifted.removedAtMs).toBeGreaterThan(0)
    expect(lifted.removedBy).not.toBe('')
    expect((await t.core.api.listSilences()).map((s) => s.id)).toEqual([silence.id])
    expect((await runOnce(t, jobId, 2, settled)).alarmStatus).toBe(ALARM_STATUS.sent)
    await waitFor('one mail', () => sink.received.length === 1)
    await expect(t.core.api.removeSilence({ id: silence.id })).rejects.toMatchObject({ code: 'silence.notFound' })
  })

  it('refuses a silence with no target, two targets, no reason, an end in the past or past 90 days, or a job that does not exist', async () => {
    const t = await startTestCore()
    cleanups.push(() => t.stop())
    const jobId = await t.addJob({ name: 'quiet one' })
    const soon = Date.now() + 60_000
    const refusals = [
      [{ until: soon, reason: 'x' }, 'silence.target'],
      [{ jobId, groupId: t.groupId, until: soon, reason: 'x' }, 'silence.target'],
      [{ jobId, until: soon, reason: '   ' }, 'silence.reasonRequired'],
      [{ jobId, until: Date.now() - 1000, reason: 'x' }, 'silence.untilPast'],
      [{ jobId, until: Date.now() + 91 * 86_400_000, reason: 'x' }, 'silence.tooLong'],
      [{ jobId: 999_999, until: soon, reason: 'x' }, 'job.notFound'],
    ] as const
    for (const [request, code] of refusals) {
      const refusal = await t.core.api.addSilence(request as never).then(
        () => null,
        (error: { code?: string; details?: { code?: string }[] }) => error,
      )
      expect(JSON.stringify(refusal), JSON.stringify(request)).toContain(code)
    }
    expect(await t.core.api.listSilences()).toEqual([])
  })
})
