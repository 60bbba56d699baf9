import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createAlarmSender, type AlarmSender, type AlarmSettings } from '../../../src/main/completion/alarms'
import { alarmMessageOf } from '../../../src/main/completion/alarms/alarm-reason-of'
import type { ImChannel } from '../../../src/shared/settings-types'
import { reply, type RecordedRequest, type Responder } from './support/http-recorder'
import { alarmTestKit } from './support/alarm-test-kit'
import { failedRun, recordingClock, recordingLogger } from './support/fixtures'

/**
 * Each robot against a loopback stub that checks what its vendor checks: the exact JSON, and the
 * signature recomputed the way the vendor's robot documentation describes it.
 */

const NOW_MS = 1_800_000_123_456
const run = { ...failedRun, alarmEmails: [] }
const { stub, track } = alarmTestKit()

/** No secret here is one the test looks for in a reason: the redaction is tested on its own (kernel/known-secrets.test.ts). */
const unredacted = (text: string): string => text

function sender(
  imChannels: ImChannel[],
  clock = recordingClock(NOW_MS),
  consoleBase = 'http://jobdesk.lan:8080',
): { sender: AlarmSender; settings: AlarmSettings; clock: typeof clock } {
  const settings: AlarmSettings = { webhooks: [], smtp: null, desktop: false, imChannels }
  const created = track(createAlarmSender(settings, { logger: recordingLogger(), clock, consoleBase: () => consoleBase }))
  return { sender: created, settings, clock }
}

function json(res: Parameters<Responder>[2], body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

/** The run's markdown lines as DingTalk, WeCom and Feishu get them (free text escaped). */
const RUN_LINES = [
  '- **Job**: 7 Nightly export',
  '- **Executor group**: Billing & Co (billing-app)',
  '- **Trigger**: Cron',
  '- **Trigger time**: 2026-11-30 02:00:00 UTC',
  '- **Handle time**: 2026-11-30 02:00:42 UTC',
  '- **Retries left**: 0',
  '- **Run**: 4711',
  '',
  'Reason: Export failed: \\<script\\>alert("pwned")\\</script\\> & disk full — Ünïcode ok',
  '',
  '[Open run 4711](http://jobdesk.lan:8080/#/runs/4711)',
].join('\n')
const TITLE = 'JobDesk alarm: job 7 Nightly export failed'

/** A DingTalk robot with "sign" security: refuses (errcode 310000) a wrong or missing signature. */
function dingtalkRobot(secret: string): Responder {
  return (request, _i, res) => {
    const query = new URL(request.path, 'http://stub').searchParams
    const timestamp = query.get('timestamp') ?? ''
    const expected = createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64')
    if (query.get('access_token') !== 'ding-token' || query.get('sign') !== expected) return json(res, { errcode: 310000, errmsg: 'sign not match' })
    json(res, { errcode: 0, errmsg: 'ok' })
  }
}

/** A Feishu bot with signature verification: the body's sign is HmacSHA256 keyed by "timestamp\nsecret" over nothing. */
function feishuBot(secret: string): Responder {
  return (request, _i, res) => {
    const body = JSON.parse(request.body) as { timestamp?: string; sign?: string }
    const expected = createHmac('sha256', `${body.timestamp}\n${secret}`).digest('base64')
    if (body.sign !== expected) return json(res, { code: 19021, msg: 'sign match fail or timestamp is not within one hour from current time' })
    json(res, { code: 0, msg: 'success', data: {} })
  }
}

describe('IM channels against their vendors’ stubs', () => {
  it('DingTalk: signed URL (timestamp in ms, sign URL-encoded) and the exact markdown body', async () => {
    const robot = await stub(dingtalkRobot('SECding'))
    const channel: ImChannel = {
      type: 'dingtalk',
      name: 'ops',
      url: `${robot.origin}/robot/send?access_token=ding-token`,
      secret: 'SECding',
      language: 'en',
      events: ['failedRuns'],
    }
    const outcome = await sender([channel]).sender.send(run)

    expect(outcome).toEqual({ ok: true, results: [{ channel: 'im', target: 'DingTalk #ops', ok: true, attempts: 1 }] })
    const [request] = robot.requests
    const sign = encodeURIComponent(createHmac('sha256', 'SECding').update(`${NOW_MS}\nSECding`).digest('base64'))
    expect(request.path).toBe(`/robot/send?access_token=ding-token&timestamp=${NOW_MS}&sign=${sign}`)
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.body).toBe(JSON.stringify({ msgtype: 'markdown', markdown: { title: TITLE, text: `#### ${TITLE}\n\n${RUN_LINES}` } }))
  })

  it('WeCom: the markdown content body, the key left as given', async () => {
    const robot = await stub((request, _i, res) =>
      json(res, request.path === '/cgi-bin/webhook/send?key=wk' ? { errcode: 0, errmsg: 'ok' } : { errcode: 93000, errmsg: 'invalid webhook url' }),
    )
    const channel: ImChannel = { type: 'wecom', name: 'wecom-ops', url: `${robot.origin}/cgi-bin/webhook/send?key=wk`, language: 'en', events: ['failedRuns'] }
    const outcome = await sender([channel]).sender.send(run)

    expect(outcome.ok).toBe(true)
    expect(robot.requests[0].body).toBe(JSON.stringify({ msgtype: 'markdown', markdown: { content: `**${TITLE}**\n\n${RUN_LINES}` } }))
  })

  it('Feishu: timestamp (seconds, as text) and sign in the body, then the card with its markdown element', async () => {
    const robot = await stub(feishuBot('fs-secret'))
    const channel: ImChannel = {
      type: 'feishu',
      name: 'lark',
      url: `${robot.origin}/open-apis/bot/v2/hook/abc`,
      secret: 'fs-secret',
      language: 'en',
      events: ['failedRuns'],
    }
    const outcome = await sender([channel]).sender.send(run)

    expect(outcome.ok).toBe(true)
    const timestamp = String(Math.floor(NOW_MS / 1000))
    expect(robot.requests[0].body).toBe(
      JSON.stringify({
        timestamp,
        sign: createHmac('sha256', `${timestamp}\nfs-secret`).update('').digest('base64'),
        msg_type: 'interactive',
        card: { header: { template: 'red', title: { tag: 'plain_text', content: TITLE } }, elements: [{ tag: 'markdown', content: RUN_LINES }] },
      }),
    )
  })

  it('Slack: the fallback text and one mrkdwn section; the reply "ok" is success', async () => {
    const robot = await stub((_r, _i, res) => reply(res, 200, 'ok'))
    const channel: ImChannel = { type: 'slack', name: 'slack', url: `${robot.origin}/services/T0/B0/xyz`, language: 'en', events: ['failedRuns'] }
    const outcome = await sender([channel]).sender.send(run)

    expect(outcome.ok).toBe(true)
    const text = [
      `*${TITLE}*`,
      '*Job*: 7 Nightly export',
      '*Executor group*: Billing &amp; Co (billing-app)',
      '*Trigger*: Cron',
      '*Trigger time*: 2026-11-30 02:00:00 UTC',
      '*Handle time*: 2026-11-30 02:00:42 UTC',
      '*Retries left*: 0',
      '*Run*: 4711',
      '>Reason: Export failed: &lt;script&gt;alert("pwned")&lt;/script&gt; &amp; disk full — Ünïcode ok',
      '<http://jobdesk.lan:8080/#/runs/4711|Open run 4711>',
    ].join('\n')
    expect(robot.requests[0].body).toBe(JSON.stringify({ text: TITLE, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] }))
  })

  it('retries an HTTP 500 with backoff, signing each attempt with the time of that attempt', async () => {
    const robot = await stub((request, i, res) => (i === 0 ? reply(res, 500, 'busy') : dingtalkRobot('s3cret')(request, i, res)))
    let now = NOW_MS
    const clock = { ...recordingClock(), nowMs: () => now, sleep: async (ms: number) => void (now += ms) }
    const channel: ImChannel = {
      type: 'dingtalk',
      name: 'ops',
      url: `${robot.origin}/robot/send?access_token=ding-token`,
      secret: 's3cret',
      language: 'en',
      events: ['failedRuns'],
    }
    const created = track(createAlarmSender({ webhooks: [], smtp: null, desktop: false, imChannels: [channel] }, { logger: recordingLogger(), clock }))
    const outcome = await created.send(run)

    expect(outcome.results).toEqual([{ channel: 'im', target: 'DingTalk #ops', ok: true, attempts: 2 }])
    expect(robot.requests.map((r: RecordedRequest) => new URL(r.path, 'http://stub').searchParams.get('timestamp'))).toEqual([
      String(NOW_MS),
      String(NOW_MS + 500),
    ])
  })

  it('a non-zero errcode with HTTP 200 fails at once, and the run’s alarm reason names the channel and the code', async () => {
    const robot = await stub(dingtalkRobot('right-secret'))
    const channel: ImChannel = {
      type: 'dingtalk',
      name: 'ops',
      url: `${robot.origin}/robot/send?access_token=ding-token`,
      secret: 'wrong-secret',
      language: 'zh-CN',
      events: ['failedRuns'],
    }
    const { sender: s } = sender([channel])
    const outcome = await s.send(run)

    expect(outcome.results).toEqual([{ channel: 'im', target: 'DingTalk #ops', ok: false, error: 'errcode 310000 sign not match', attempts: 1 }])
    expect(alarmMessageOf(outcome, unredacted)).toBe('imFailed: DingTalk #ops: errcode 310000 sign not match')
  })

  it('a job’s #name reaches that channel only; a name no channel has fails the alarm with that reason', async () => {
    const named = await stub((_r, _i, res) => reply(res, 200, 'ok'))
    const other = await stub((_r, _i, res) => reply(res, 200, 'ok'))
    const channels: ImChannel[] = [
      { type: 'slack', name: 'team-a', url: `${named.origin}/services/a`, language: 'en', events: [] },
      { type: 'slack', name: 'team-b', url: `${other.origin}/services/b`, language: 'en', events: ['infraAlerts'] },
    ]
    const { sender: s } = sender(channels)
    expect((await s.send({ ...run, imChannels: ['team-a'] })).ok).toBe(true)
    expect([named.requests.length, other.requests.length]).toEqual([1, 0])

    const missing = await s.send({ ...run, imChannels: ['gone'] })
    expect(alarmMessageOf(missing, unredacted)).toBe('imFailed: #gone: no IM channel named #gone')
  })

  it('the settings page’s test message goes to the saved channel by name, in its language, without retries', async () => {
    const robot = await stub((_r, _i, res) => reply(res, 503, 'down'))
    const channel: ImChannel = { type: 'wecom', name: 'wx', url: `${robot.origin}/cgi-bin/webhook/send?key=k`, language: 'zh-CN', events: [] }
    const { sender: s } = sender([channel])
    expect(await s.testImChannel('wx')).toEqual({ channel: 'im', target: 'WeCom #wx', ok: false, error: 'HTTP 503: down', attempts: 1 })
    expect(JSON.parse(robot.requests[0].body)).toEqual({
      msgtype: 'markdown',
      markdown: { content: '**JobDesk 测试消息**\n\n这是 JobDesk 告警设置发出的测试消息。此渠道的告警将发到这里。' },
    })
    expect(await s.testImChannel('nope')).toMatchObject({ ok: false, error: 'no IM channel named #nope', attempts: 0 })
  })
})
