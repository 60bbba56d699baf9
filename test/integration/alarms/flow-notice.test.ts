import { describe, expect, it } from 'vitest'
import {
  createAlarmSender,
  SENDER_CLOSED,
  type AlarmSender,
  type AlarmSettings,
  type FlowDesktopNotice,
  type FlowNoticeFacts,
} from '../../../src/main/completion/alarms'
import { gate, recordingClock, recordingLogger } from './support/fixtures'
import { alarmTestKit, smtpAt } from './support/alarm-test-kit'
import { reply } from './support/http-recorder'
import { parseMail } from './support/mail-sink'

const NOW_MS = 1_800_000_000_000
const { stub: recorder, sink, track } = alarmTestKit()

const approval: FlowNoticeFacts = {
  kind: 'approval',
  flowRunId: 812,
  flowId: 3,
  flowName: 'Nightly ETL',
  alarmEmail: 'ops@example.test, dba@example.test',
  key: 'confirm-load',
  prompt: 'Load <b>into</b> production? — Ünïcode ok',
}

function sender(settings: AlarmSettings, onFlowDesktop?: (notice: FlowDesktopNotice) => void, closeGraceMs?: number): AlarmSender {
  return track(createAlarmSender(settings, { logger: recordingLogger(), clock: recordingClock(NOW_MS), onFlowDesktop, closeGraceMs }))
}

describe('sendFlowNotice', () => {
  it('reaches the desktop, every webhook and each address of the flow', async () => {
    const hookA = await recorder((_req, _i, res) => reply(res, 204))
    const hookB = await recorder((_req, _i, res) => reply(res, 200))
    const mail = await sink()
    const shown: FlowDesktopNotice[] = []
    const outcome = await sender(
      { webhooks: [{ url: `${hookA.origin}/hook?token=secret`, retries: 0 }, { url: hookB.origin }], smtp: smtpAt(mail.port), desktop: true },
      (notice) => shown.push(notice),
    ).sendFlowNotice(approval)

    expect(outcome.results.map((r) => [r.channel, r.target, r.ok])).toEqual([
      ['desktop', 'desktop', true],
      ['webhook', `${hookA.origin}/hook?…`, true],
      ['webhook', `${hookB.origin}/`, true],
      ['email', 'ops@example.test', true],
      ['email', 'dba@example.test', true],
    ])
    expect(outcome.ok).toBe(true)
    expect(shown).toEqual([{ kind: 'approval', flowRunId: 812, flowId: 3, flowName: 'Nightly ETL', detail: approval.prompt }])

    for (const hook of [hookA, hookB]) {
      expect(hook.requests).toHaveLength(1)
      expect(hook.requests[0].headers['content-type']).toBe('application/json')
      expect(JSON.parse(hook.requests[0].body)).toEqual({
        event: 'flow.approval',
        flow: { id: 3, name: 'Nightly ETL' },
        flowRun: { id: 812 },
        key: 'confirm-load',
        prompt: approval.prompt,
        sentAtMs: NOW_MS,
      })
    }

    expect(mail.received.map((m) => m.to)).toEqual(expect.arrayContaining([['ops@example.test'], ['dba@example.test']]))
    expect(mail.received).toHaveLength(2)
    const parsed = parseMail(mail.received[0].raw)
    expect(parsed.subject).toBe('JobDesk approval: flow 3 Nightly ETL waits for approval (flow run 812)')
    expect(parsed.text).toContain('Prompt:\nLoad <b>into</b> production? — Ünïcode ok\n')
    expect(parsed.text).toContain('must decide it in the JobDesk console, on flow run 812.')
    // Plain text only: the prompt is never put into HTML.
    expect(parsed.html).toBe('')
  })

  it('is not ok when one channel fails, and says which and why', async () => {
    const hook = await recorder((_req, _i, res) => reply(res, 503, 'maintenance'))
    const mail = await sink()
    const outcome = await sender({ webhooks: [{ url: hook.origin, retries: 0 }], smtp: smtpAt(mail.port), desktop: false }).sendFlowNotice({
      kind: 'timeout',
      flowRunId: 9,
      flowId: 4,
      flowName: 'Backfill',
      alarmEmail: 'ops@example.test',
      timeoutSec: 600,
    })

    expect(outcome.ok).toBe(false)
    expect(outcome.results).toEqual([
      { channel: 'webhook', target: `${hook.origin}/`, ok: false, error: 'HTTP 503: maintenance', attempts: 1 },
      { channel: 'email', target: 'ops@example.test', ok: true, attempts: 1 },
    ])
    expect(JSON.parse(hook.requests[0].body)).toMatchObject({ event: 'flow.timeout', timeoutSec: 600 })
    expect(parseMail(mail.received[0].raw).subject).toBe('JobDesk alarm: flow 4 Backfill timed out (flow run 9)')
  })

  it('lets close() wait for a flow notice in flight, and refuses one sent after it', async () => {
    const arrived = gate()
    const release = gate()
    const hook = await recorder((_req, _i, res) => {
      arrived.open()
      void release.promise.then(() => reply(res, 200))
    })
    const s = sender({ webhooks: [{ url: hook.origin, timeoutMs: 30_000, retries: 0 }], smtp: null, desktop: false }, undefined, 30_000)
    const failed: FlowNoticeFacts = { kind: 'failed', flowRunId: 10, flowId: 4, flowName: 'Backfill', alarmEmail: '', failedNodes: ['load'] }
    const sending = s.sendFlowNotice(failed)
    await arrived.promise

    let closed = false
    const closing = s.close().then(() => {
      closed = true
    })
    const refused = await s.sendFlowNotice(failed)
    expect(refused.results).toMatchObject([{ channel: 'webhook', ok: false, error: SENDER_CLOSED, attempts: 0 }])
    expect(closed).toBe(false)

    release.open()
    expect(await sending).toMatchObject({ ok: true, results: [{ channel: 'webhook', ok: true, attempts: 1 }] })
    await closing
    expect(hook.requests).toHaveLength(1)
    expect(JSON.parse(hook.requests[0].body)).toEqual({
      event: 'flow.failed',
      flow: { id: 4, name: 'Backfill' },
      flowRun: { id: 10 },
      failedNodes: ['load'],
      sentAtMs: NOW_MS,
    })
  })
})
