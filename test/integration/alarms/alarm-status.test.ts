import { afterEach, describe, expect, it } from 'vitest'
import { AlarmService } from '../../../src/main/completion/alarm-service'
import { InfraAlerts } from '../../../src/main/completion/infra-alerts'
import { silentLogger } from '../../../src/main/kernel/logger'
import { openStore } from '../../../src/main/store/open-store'
import type { Store } from '../../../src/main/store/store'
import { parseAlarmReason } from '../../../src/shared/alarm-reason'
import { ALARM_STATUS, type JobRun } from '../../../src/shared/model'
import { startTestCore, type TestCore } from '../../support/core-harness'
import { FAST_REGISTRY } from '../../support/lan-harness'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'
import { recordingClock } from './support/fixtures'
import { parseMail, startMailSink, type MailSink } from './support/mail-sink'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function core(): Promise<TestCore> {
  const t = await startTestCore({ monitorTimings: { failMonitorPeriodMs: 100 }, registryTimings: FAST_REGISTRY })
  cleanups.push(() => t.stop())
  return t
}

async function mailSink(options: Parameters<typeof startMailSink>[0] = {}): Promise<MailSink> {
  const sink = await startMailSink(options)
  cleanups.push(() => sink.close())
  return sink
}

const smtpOf = (sink: MailSink) => ({ host: '127.0.0.1', port: sink.port, secure: false, from: 'jobdesk@example.test' })

/** A failing job with an alarm email and no retries, triggered once; resolves with its run once its alarm is done. */
async function failOnce(t: TestCore) {
  const job = await t.addJob({ name: 'nightly export', executorHandler: 'failJobHandler', executorFailRetryCount: 0, alarmEmail: 'ops@example.test' })
  await t.core.api.triggerJob({ jobId: job })
  const [run] = await t.finishedRuns(job, 1)
  return waitFor('the alarm to be done', async () => {
    const now = await t.core.api.getRun(run.id)
    return (now.alarmStatus === ALARM_STATUS.sent || now.alarmStatus === ALARM_STATUS.failed) && now
  })
}

describe('alarm status of a run, end to end', () => {
  it('is sent (2) with no reason when a real SMTP server takes the mail', async () => {
    const sink = await mailSink()
    const t = await core()
    await t.core.api.saveSettings({ alarms: { desktop: false, webhooks: [], smtp: smtpOf(sink) } })
    const run = await failOnce(t)
    expect(run).toMatchObject({ alarmStatus: ALARM_STATUS.sent, alarmMessage: '' })
    expect(sink.received.map((m) => m.to)).toEqual([['ops@example.test']])
    expect(await t.core.api.getAlarmHealth()).toMatchObject({ smtpConfigured: true, jobsWithAlarmEmail: 1, alarmsFailedLast24h: 0 })
  })

  it('is failed (3) with the reason "SMTP not configured" when no SMTP server is set, and the dashboard counts it', async () => {
    const t = await core()
    const pushed: JobRun[] = []
    t.core.events.subscribe((event) => event.type === 'runs-changed' && pushed.push(...event.runs))
    await t.core.api.saveSettings({ alarms: { desktop: false, webhooks: [], smtp: null } })
    const run = await failOnce(t)
    expect(run.alarmStatus).toBe(ALARM_STATUS.failed)
    expect(parseAlarmReason(run.alarmMessage)).toEqual({ code: 'smtpOff', detail: 'ops@example.test' })
    // The consoles showing the run hear of its alarm status.
    await waitFor('the alarm status to be pushed', () => pushed.some((r) => r.id === run.id && r.alarmStatus === ALARM_STATUS.failed))
    // The Runs list reads the same row.
    const { runs } = await t.core.api.listRuns({ jobId: run.jobId, limit: 10 })
    expect(runs[0]).toMatchObject({ id: run.id, alarmStatus: ALARM_STATUS.failed, alarmMessage: run.alarmMessage })
    expect(await t.core.api.getAlarmHealth()).toEqual({
      smtpConfigured: false,
      webhookCount: 0,
      imChannelNames: [],
      jobsWithAlarmEmail: 1,
      alarmsFailedLast24h: 1,
      recentAlerts: [],
    })
  })

  it("keeps the SMTP server's refusal as the reason, without the login's password", async () => {
    const sink = await mailSink({
      authOptional: false,
      onAuth: (_auth, _session, callback) => callback(new Error('535 5.7.8 bad credentials')),
    })
    const t = await core()
    await t.core.api.saveSettings({ alarms: { desktop: false, webhooks: [], smtp: { ...smtpOf(sink), user: 'alarm', pass: 'very-secret-pass' } } })
    const run = await failOnce(t)
    expect(run.alarmStatus).toBe(ALARM_STATUS.failed)
    const reason = parseAlarmReason(run.alarmMessage)!
    expect(reason.code).toBe('emailFailed')
    expect(reason.detail).toMatch(/^ops@example\.test: .*535/)
    expect(run.alarmMessage).not.toContain('very-secret-pass')
    expect(sink.received).toEqual([])
  })
})

describe('infrastructure alerts', () => {
  it('mails one alert, in the console language, when an executor goes dead, and the dashboard lists it', async () => {
    const sink = await mailSink()
    const t = await core()
    await t.core.api.saveSettings({
      consoleLanguage: 'zh-CN',
      alarms: { desktop: false, webhooks: [], smtp: smtpOf(sink), alertEmail: 'oncall@example.test' },
    })
    const lastBeatMs = Date.now()
    await t.core.store.registry.upsert('EXECUTOR', 'billing', 'http://127.0.0.1:9/', lastBeatMs)
    const alert = await waitFor('the alert to be sent', async () => {
      const [first] = (await t.core.api.getAlarmHealth()).recentAlerts
      return first?.alarmStatus === ALARM_STATUS.sent && first
    })
    expect(alert).toMatchObject({ kind: 'executorDead', subject: 'billing http://127.0.0.1:9/', eventTimeMs: lastBeatMs, alarmMessage: '' })
    expect(sink.received).toHaveLength(1)
    expect(sink.received[0].to).toEqual(['oncall@example.test'])
    expect(parseMail(sink.received[0].raw).subject).toBe('[JobDesk] 执行器已失联：billing http://127.0.0.1:9/')
    // Later sweeps find nothing more to tell.
    await t.core.registry.sweep(Date.now() + 60_000)
    expect(sink.received).toHaveLength(1)
  })

  it('sends one alert when several nodes see the same executor die', async () => {
    const sink = await mailSink()
    const dir = makeTempDir()
    cleanups.push(() => dir.remove())
    const url = `${dir.path}/jobdesk.db`
    const stores: Store[] = [await openStore(url), await openStore(url)]
    cleanups.push(() => Promise.all(stores.map((s) => s.close())).then(() => undefined))
    const clock = recordingClock()
    const nodes = stores.map((store) => {
      const alarms = new AlarmService(store, { logger: silentLogger, clock, onDesktop: () => undefined, onFlowDesktop: () => undefined })
      alarms.reload({ desktop: false, webhooks: [], smtp: smtpOf(sink), alertEmail: 'oncall@example.test' })
      cleanups.push(() => alarms.close())
      return new InfraAlerts(store, { send: (alert) => alarms.sendAlert(alert), language: () => null, nowMs: () => clock.nowMs(), logger: silentLogger })
    })
    const dead = [{ appName: 'billing', address: 'http://127.0.0.1:9/', lastBeatMs: clock.nowMs() - 90_000 }]
    for (const node of nodes) node.executorsDead(dead)
    await Promise.all(nodes.map((node) => node.settled()))
    expect(sink.received).toHaveLength(1)
    expect(parseMail(sink.received[0].raw).subject).toBe('[JobDesk] Executor dead: billing http://127.0.0.1:9/')
    expect(await stores[1].alerts.since(0, 10)).toMatchObject([{ kind: 'executorDead', alarmStatus: ALARM_STATUS.sent }])
  })

  it('records an alert nobody is set to hear of as not needed (1), and one that cannot go out as failed (3)', async () => {
    const t = await core()
    await t.core.api.saveSettings({ alarms: { desktop: false, webhooks: [], smtp: null } })
    await t.core.store.registry.upsert('EXECUTOR', 'quiet', 'http://127.0.0.1:8/', Date.now())
    await waitFor('the unheard alert', async () => (await t.core.api.getAlarmHealth()).recentAlerts[0]?.alarmStatus === ALARM_STATUS.notNeeded)
    await t.core.api.saveSettings({ alarms: { desktop: false, webhooks: [], smtp: null, alertEmail: 'oncall@example.test' } })
    await t.core.store.registry.upsert('EXECUTOR', 'loud', 'http://127.0.0.1:7/', Date.now())
    const failed = await waitFor('the failed alert', async () => {
      const alert = (await t.core.api.getAlarmHealth()).recentAlerts.find((a) => a.subject.startsWith('loud'))
      return alert?.alarmStatus === ALARM_STATUS.failed && alert
    })
    expect(parseAlarmReason(failed.alarmMessage)).toEqual({ code: 'smtpOff', detail: 'oncall@example.test' })
  })
})
