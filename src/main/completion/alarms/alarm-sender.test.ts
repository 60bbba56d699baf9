import { afterEach, describe, expect, it } from 'vitest'
import { silentLogger } from '../../kernel/logger'
import { createAlarmSender, maxAlarmDurationMs } from './alarm-sender'
import { SENDER_CLOSED, type AlarmFacts, type AlarmSender, type AlarmSettings, type FlowDesktopNotice, type FlowNoticeFacts } from './alarm-types'
import { webhookBackoffMs } from './webhook-channel'

// No network here: these cases decide without sending (SMTP pools connect lazily, on the first mail).
const facts: AlarmFacts = {
  logId: 31,
  jobId: 3,
  jobName: 'Report',
  appName: 'reports',
  groupName: 'Reports',
  triggerType: 'MANUAL',
  triggerTimeMs: 1_800_000_000_000,
  handleTimeMs: 1_800_000_001_000,
  triggerCode: 200,
  triggerMsg: 'ok',
  handleCode: 500,
  handleMsg: 'boom',
  triggerTrail: null,
  executorAddress: 'embedded',
  executorParam: '',
  retriesLeft: 1,
  alarmEmails: [],
}
const flowFailed: FlowNoticeFacts = { kind: 'failed', flowRunId: 812, flowId: 3, flowName: 'Nightly ETL', alarmEmail: '', failedNodes: ['load'] }
const smtp = { host: '127.0.0.1', port: 2525, secure: false, from: 'jobdesk@example.com' }
const none: AlarmSettings = { webhooks: [], smtp: null, desktop: false }

const senders: AlarmSender[] = []
function sender(settings: AlarmSettings, onDesktop?: (f: AlarmFacts) => void, onFlowDesktop?: (n: FlowDesktopNotice) => void): AlarmSender {
  const created = createAlarmSender(settings, { logger: silentLogger, onDesktop, onFlowDesktop })
  senders.push(created)
  return created
}
afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.close()))
})

describe('createAlarmSender without network', () => {
  it('shows a desktop alarm with the facts and counts it as sent', async () => {
    const shown: AlarmFacts[] = []
    const outcome = await sender({ ...none, desktop: true }, (f) => shown.push(f)).send(facts)
    expect(outcome).toEqual({ ok: true, results: [{ channel: 'desktop', target: 'desktop', ok: true, attempts: 1 }] })
    expect(shown).toEqual([facts])
  })

  it('reports a desktop notifier that throws, or none attached, as a failure', async () => {
    const thrown = await sender({ ...none, desktop: true }, () => {
      throw new Error('no display')
    }).send(facts)
    expect(thrown.ok).toBe(false)
    expect(thrown.results[0].error).toBe('desktop notifier failed: no display')
    const missing = await sender({ ...none, desktop: true }).send(facts)
    expect(missing.results[0]).toMatchObject({ ok: false, error: 'no desktop notifier is attached' })
  })

  it('counts a job without alarm emails as emailed when SMTP is set, as XXL-JOB does', async () => {
    const outcome = await sender({ ...none, smtp }).send(facts)
    expect(outcome).toEqual({
      ok: true,
      results: [{ channel: 'email', target: '(none)', ok: true, note: 'the job has no alarm email', attempts: 0 }],
    })
  })

  it('fails clearly when the job has alarm emails but no SMTP server is configured', async () => {
    const outcome = await sender(none).send({ ...facts, alarmEmails: ['a@example.com', 'b@example.com'] })
    expect(outcome).toEqual({
      ok: false,
      results: [{ channel: 'email', target: 'a@example.com, b@example.com', ok: false, error: 'no SMTP server configured', reason: 'smtpOff', attempts: 0 }],
    })
  })

  it('sends nothing and is ok when no channel applies', async () => {
    expect(await sender(none).send(facts)).toEqual({ ok: true, results: [] })
  })

  it('refuses a malformed stored address without sending', async () => {
    const outcome = await sender({ ...none, smtp }).send({ ...facts, alarmEmails: ['not-an-address'] })
    expect(outcome.results).toEqual([
      { channel: 'email', target: 'not-an-address', ok: false, error: '"not-an-address" is not an email address', reason: 'badAddress', attempts: 0 },
    ])
  })

  it('fails every channel of a send that starts after close', async () => {
    const shown: AlarmFacts[] = []
    const s = sender({ webhooks: [{ url: 'http://127.0.0.1:9/never' }], smtp, desktop: true }, (f) => shown.push(f))
    await s.close()
    const outcome = await s.send({ ...facts, alarmEmails: ['ops@example.com'] })
    expect(outcome.ok).toBe(false)
    expect(outcome.results.map((r) => [r.channel, r.error, r.attempts])).toEqual([
      ['desktop', SENDER_CLOSED, 0],
      ['webhook', SENDER_CLOSED, 0],
      ['email', SENDER_CLOSED, 0],
    ])
    expect(shown).toEqual([])
  })

  it('answers test requests with bad input with a failed result instead of throwing', async () => {
    const s = sender(none)
    expect(await s.testWebhook('ftp://x.example/')).toMatchObject({ ok: false, error: 'url: "ftp://x.example/" is not an http:// or https:// URL' })
    expect(await s.sendTestEmail('nobody')).toMatchObject({ ok: false, error: '"nobody" is not an email address', attempts: 0 })
    expect(await s.sendTestEmail('ops@example.com')).toMatchObject({ ok: false, error: 'no SMTP server configured' })
  })
})

describe('sendFlowNotice without network', () => {
  it('hands the desktop a notice it can show, and not the run hook', async () => {
    const shown: FlowDesktopNotice[] = []
    const runAlarms: AlarmFacts[] = []
    const outcome = await sender(
      { ...none, desktop: true },
      (f) => runAlarms.push(f),
      (n) => shown.push(n),
    ).sendFlowNotice(flowFailed)
    expect(outcome).toEqual({ ok: true, results: [{ channel: 'desktop', target: 'desktop', ok: true, attempts: 1 }] })
    expect(shown).toEqual([{ kind: 'failed', flowRunId: 812, flowId: 3, flowName: 'Nightly ETL', detail: 'load' }])
    expect(runAlarms).toEqual([])
  })

  it('reports a flow notifier that throws, or none attached, as a failure', async () => {
    const thrown = await sender({ ...none, desktop: true }, undefined, () => {
      throw new Error('no display')
    }).sendFlowNotice(flowFailed)
    expect(thrown.results).toEqual([{ channel: 'desktop', target: 'desktop', ok: false, error: 'desktop notifier failed: no display', attempts: 1 }])
    // A run notifier alone does not show flow notices.
    const missing = await sender({ ...none, desktop: true }, () => undefined).sendFlowNotice(flowFailed)
    expect(missing.results[0]).toMatchObject({ ok: false, error: 'no desktop notifier is attached' })
  })

  it('counts a flow without alarm emails as emailed when SMTP is set, like a job', async () => {
    expect(await sender({ ...none, smtp }).sendFlowNotice(flowFailed)).toEqual({
      ok: true,
      results: [{ channel: 'email', target: '(none)', ok: true, note: 'the flow has no alarm email', attempts: 0 }],
    })
  })

  it('reads the comma-separated list: no SMTP server fails once for all, a malformed address alone', async () => {
    const alarmEmail = ' a@example.com,, b@example.com ,a@example.com'
    expect(await sender(none).sendFlowNotice({ ...flowFailed, alarmEmail })).toEqual({
      ok: false,
      results: [{ channel: 'email', target: 'a@example.com, b@example.com', ok: false, error: 'no SMTP server configured', reason: 'smtpOff', attempts: 0 }],
    })
    const outcome = await sender({ ...none, smtp }).sendFlowNotice({ ...flowFailed, alarmEmail: 'not-an-address' })
    expect(outcome.results).toEqual([
      { channel: 'email', target: 'not-an-address', ok: false, error: '"not-an-address" is not an email address', reason: 'badAddress', attempts: 0 },
    ])
  })

  it('fails every channel of a flow notice that starts after close', async () => {
    const shown: FlowDesktopNotice[] = []
    const s = sender({ webhooks: [{ url: 'http://127.0.0.1:9/never' }], smtp, desktop: true }, undefined, (n) => shown.push(n))
    await s.close()
    const outcome = await s.sendFlowNotice({ ...flowFailed, alarmEmail: 'ops@example.com' })
    expect(outcome.ok).toBe(false)
    expect(outcome.results.map((r) => [r.channel, r.error, r.attempts])).toEqual([
      ['desktop', SENDER_CLOSED, 0],
      ['webhook', SENDER_CLOSED, 0],
      ['email', SENDER_CLOSED, 0],
    ])
    expect(shown).toEqual([])
  })

  it('resolves a failed outcome for a malformed notice instead of rejecting', async () => {
    const broken = { ...flowFailed, alarmEmail: undefined } as unknown as FlowNoticeFacts
    expect(await sender({ ...none, smtp }).sendFlowNotice(broken)).toEqual({ ok: false, results: [] })
  })
})

describe('maxAlarmDurationMs', () => {
  it('is the slowest channel: attempts times timeout plus backoffs, or the mail deadline', () => {
    expect(webhookBackoffMs(1)).toBe(500)
    expect(webhookBackoffMs(2)).toBe(1_000)
    expect(webhookBackoffMs(10)).toBe(4_000)
    const webhooks = [{ url: 'http://a.example', timeoutMs: 1_000, retries: 2 }, { url: 'http://b.example' }]
    // b: defaults 5000 ms × 3 attempts + 500 + 1000 ms backoff
    expect(maxAlarmDurationMs({ webhooks, smtp: null, desktop: true })).toBe(16_500)
    expect(maxAlarmDurationMs({ webhooks: [], smtp: { ...smtp, timeoutMs: 7_000 }, desktop: false })).toBe(21_000)
    expect(maxAlarmDurationMs(none)).toBe(0)
  })
})
