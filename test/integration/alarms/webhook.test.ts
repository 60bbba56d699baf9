import { describe, expect, it } from 'vitest'
import { createAlarmSender, type AlarmSender, type WebhookChannel } from '../../../src/main/completion/alarms'
import { closedPort, reply } from './support/http-recorder'
import { alarmTestKit } from './support/alarm-test-kit'
import { failedRun, recordingClock, recordingLogger } from './support/fixtures'

/** No alarm emails: with no SMTP server those would fail the outcome (see alarm-sender.test.ts). */
const run = { ...failedRun, alarmEmails: [] }
const { stub: recorder, track } = alarmTestKit()

function webhookSender(webhooks: WebhookChannel[], clock = recordingClock(), logger = recordingLogger()): AlarmSender {
  return track(createAlarmSender({ webhooks, smtp: null, desktop: false }, { logger, clock }))
}

describe('alarm webhooks', () => {
  it('POSTs the facts as JSON with the configured headers', async () => {
    const server = await recorder((_req, _i, res) => reply(res, 204))
    const clock = recordingClock(1_800_000_123_000)
    const url = `${server.origin}/hooks/jobdesk`
    const outcome = await webhookSender([{ url, headers: { Authorization: 'Bearer t0ken', 'X-Source': 'jobdesk' } }], clock).send(run)

    expect(outcome).toEqual({ ok: true, results: [{ channel: 'webhook', target: url, ok: true, attempts: 1 }] })
    expect(server.requests).toHaveLength(1)
    const [request] = server.requests
    expect(request.method).toBe('POST')
    expect(request.path).toBe('/hooks/jobdesk')
    expect(request.headers['content-type']).toBe('application/json')
    expect(request.headers.authorization).toBe('Bearer t0ken')
    expect(request.headers['x-source']).toBe('jobdesk')
    expect(JSON.parse(request.body)).toEqual({ event: 'job.failed', run, sentAtMs: 1_800_000_123_000 })
  })

  it('retries a 500 with backoff and succeeds on the third attempt', async () => {
    const server = await recorder((_req, i, res) => (i < 2 ? reply(res, 500, 'busy') : reply(res, 200, 'ok')))
    const clock = recordingClock()
    const outcome = await webhookSender([{ url: server.origin, retries: 2 }], clock).send(run)

    expect(outcome.ok).toBe(true)
    expect(outcome.results[0].attempts).toBe(3)
    expect(server.requests).toHaveLength(3)
    expect(server.requests.map((r) => JSON.parse(r.body).run.logId)).toEqual([4711, 4711, 4711])
    expect(clock.sleeps).toEqual([500, 1_000])
  })

  it('fails after retries + 1 attempts of 500 and quotes the start of the body', async () => {
    const body = `Internal error: ${'x'.repeat(400)}`
    const server = await recorder((_req, _i, res) => reply(res, 500, body))
    const logger = recordingLogger()
    const outcome = await webhookSender([{ url: server.origin, retries: 3 }], recordingClock(), logger).send(run)

    expect(outcome.ok).toBe(false)
    expect(outcome.results[0]).toEqual({
      channel: 'webhook',
      target: `${server.origin}/`,
      ok: false,
      error: `HTTP 500: ${body.slice(0, 200)}…`,
      attempts: 4,
    })
    expect(server.requests).toHaveLength(4)
    expect(logger.lines.filter((l) => l.level === 'warn').map((l) => l.fields?.logId)).toEqual([4711])
  })

  it('does not retry a client error that will not get better', async () => {
    const server = await recorder((_req, _i, res) => reply(res, 404, 'no such hook'))
    const clock = recordingClock()
    const outcome = await webhookSender([{ url: server.origin, retries: 5 }], clock).send(run)
    expect(outcome.results[0]).toMatchObject({ ok: false, error: 'HTTP 404: no such hook', attempts: 1 })
    expect(clock.sleeps).toEqual([])
  })

  it('retries 429 (rate limited)', async () => {
    const server = await recorder((_req, i, res) => reply(res, i === 0 ? 429 : 200))
    const outcome = await webhookSender([{ url: server.origin, retries: 1 }]).send(run)
    expect(outcome.results[0]).toMatchObject({ ok: true, attempts: 2 })
  })

  it('gives up on a server that never answers after the per-attempt timeout', async () => {
    const server = await recorder(() => undefined)
    const outcome = await webhookSender([{ url: server.origin, timeoutMs: 200, retries: 1 }]).send(run)

    expect(outcome.results[0]).toMatchObject({ ok: false, error: 'no response within 200 ms', attempts: 2 })
    expect(server.requests).toHaveLength(2)
  })

  it('reports a refused connection', async () => {
    const port = await closedPort()
    const outcome = await webhookSender([{ url: `http://127.0.0.1:${port}/x`, retries: 1 }]).send(run)
    expect(outcome.results[0]).toMatchObject({ ok: false, attempts: 2 })
    expect(outcome.results[0].error).toMatch(/ECONNREFUSED/)
  })

  it('keeps credentials and query tokens out of results and logs', async () => {
    const server = await recorder((_req, _i, res) => reply(res, 500))
    const logger = recordingLogger()
    const url = `http://user:pa55@127.0.0.1:${new URL(server.origin).port}/hook?token=s3cr3t`
    const outcome = await webhookSender([{ url, retries: 0, headers: { Authorization: 'Bearer h34der' } }], recordingClock(), logger).send(run)

    expect(outcome.results[0].target).toBe(`${server.origin}/hook?…`)
    expect(server.requests[0].path).toBe('/hook?token=s3cr3t')
    const everything = JSON.stringify([outcome, logger.lines])
    for (const secret of ['pa55', 's3cr3t', 'h34der']) expect(everything).not.toContain(secret)
  })

  it('tests a webhook once with the configured headers and an alarm.test event', async () => {
    const server = await recorder((_req, _i, res) => reply(res, 500, 'nope'))
    const url = `${server.origin}/hook`
    const sender = webhookSender([{ url, retries: 5, headers: { 'X-Key': 'k1' } }], recordingClock(1_800_000_000_500))
    const result = await sender.testWebhook(` ${url} `)

    expect(result).toEqual({ channel: 'webhook', target: url, ok: false, error: 'HTTP 500: nope', attempts: 1 })
    expect(server.requests).toHaveLength(1)
    expect(server.requests[0].headers['x-key']).toBe('k1')
    expect(JSON.parse(server.requests[0].body)).toEqual({ event: 'alarm.test', sentAtMs: 1_800_000_000_500 })
  })
})
