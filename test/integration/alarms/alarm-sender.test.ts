import { describe, expect, it } from 'vitest'
import { createAlarmSender, SENDER_CLOSED, type AlarmFacts, type AlarmSender, type AlarmSettings } from '../../../src/main/completion/alarms'
import { waitFor } from '../../support/wait-for'
import { failedRun, gate, recordingLogger } from './support/fixtures'
import { alarmTestKit, smtpAt } from './support/alarm-test-kit'
import { reply } from './support/http-recorder'

const { stub: recorder, sink, track } = alarmTestKit()

function sender(settings: AlarmSettings, onDesktop?: (facts: AlarmFacts) => void, closeGraceMs?: number): AlarmSender {
  return track(createAlarmSender(settings, { logger: recordingLogger(), onDesktop, closeGraceMs }))
}

describe('createAlarmSender', () => {
  it('runs the channels in parallel: each receiver answers only once all of them have the alarm', async () => {
    // Each receiver holds its answer until every receiver has been reached. Channels sent one
    // after another would leave the first one waiting for its timeout and the outcome would fail.
    const expected = 3
    let reached = 0
    const everyoneReached = gate()
    const arrive = async () => {
      reached += 1
      if (reached === expected) everyoneReached.open()
      await everyoneReached.promise
    }
    const hookA = await recorder((_req, _i, res) => void arrive().then(() => reply(res, 200)))
    const hookB = await recorder((_req, _i, res) => void arrive().then(() => reply(res, 200)))
    const mail = await sink({
      onRcptTo(_address, _session, callback) {
        void arrive().then(() => callback())
      },
    })
    const shown: number[] = []
    const outcome = await sender(
      {
        webhooks: [
          { url: hookA.origin, timeoutMs: 10_000, retries: 0 },
          { url: hookB.origin, timeoutMs: 10_000, retries: 0 },
        ],
        smtp: smtpAt(mail.port),
        desktop: true,
      },
      (facts) => shown.push(facts.logId),
    ).send(failedRun)

    expect(outcome.results.map((r) => [r.channel, r.ok, r.error])).toEqual([
      ['desktop', true, undefined],
      ['webhook', true, undefined],
      ['webhook', true, undefined],
      ['email', true, undefined],
    ])
    expect(outcome.ok).toBe(true)
    expect(shown).toEqual([4711])
    expect(mail.received).toHaveLength(1)
  })

  it('is not ok when one channel fails, and says which and why', async () => {
    const hook = await recorder((_req, _i, res) => reply(res, 503, 'maintenance'))
    const mail = await sink()
    const outcome = await sender({ webhooks: [{ url: hook.origin, retries: 0 }], smtp: smtpAt(mail.port), desktop: false }).send(failedRun)

    expect(outcome.ok).toBe(false)
    expect(outcome.results).toEqual([
      { channel: 'webhook', target: `${hook.origin}/`, ok: false, error: 'HTTP 503: maintenance', attempts: 1 },
      { channel: 'email', target: 'ops@example.test', ok: true, attempts: 1 },
    ])
  })

  it('lets close() wait for an alarm in flight within the grace', async () => {
    const release = gate()
    const hook = await recorder((_req, _i, res) => void release.promise.then(() => reply(res, 200)))
    const s = sender({ webhooks: [{ url: hook.origin, timeoutMs: 30_000, retries: 0 }], smtp: null, desktop: false }, undefined, 30_000)
    const sending = s.send({ ...failedRun, alarmEmails: [] })
    await waitFor('the webhook request', () => hook.requests.length === 1)

    let closed = false
    const closing = s.close().then(() => {
      closed = true
    })
    const refused = await s.send({ ...failedRun, alarmEmails: [] })
    expect(refused.results).toMatchObject([{ channel: 'webhook', ok: false, error: SENDER_CLOSED, attempts: 0 }])
    expect(closed).toBe(false)

    release.open()
    expect(await sending).toMatchObject({ ok: true, results: [{ channel: 'webhook', ok: true, attempts: 1 }] })
    await closing
    expect(hook.requests).toHaveLength(1)
  })

  it('cuts off webhooks and mails still running when the grace is over', async () => {
    const hook = await recorder(() => undefined)
    let mailInData = false
    const mail = await sink({
      onData(stream) {
        // Swallows the message and never answers the end of DATA.
        mailInData = true
        stream.resume()
      },
    })
    const s = sender({ webhooks: [{ url: hook.origin, timeoutMs: 60_000, retries: 0 }], smtp: smtpAt(mail.port), desktop: false }, undefined, 100)
    const sending = s.send(failedRun)
    await waitFor('the webhook request', () => hook.requests.length === 1)
    await waitFor('the mail transfer', () => mailInData)

    await s.close()
    const outcome = await sending
    expect(outcome.ok).toBe(false)
    expect(outcome.results).toMatchObject([
      { channel: 'webhook', ok: false, error: SENDER_CLOSED },
      { channel: 'email', target: 'ops@example.test', ok: false, error: SENDER_CLOSED },
    ])
  })
})
