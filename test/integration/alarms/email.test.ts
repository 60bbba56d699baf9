import { createServer, type Server, type Socket } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { createAlarmSender, SMTP_PAUSE_AFTER_FAILURE_MS, type AlarmSender, type SmtpSettings } from '../../../src/main/completion/alarms'
import type { Clock } from '../../../src/main/kernel/clock'
import { closedPort } from './support/http-recorder'
import { failedRun, recordingLogger } from './support/fixtures'
import { parseMail, startMailSink, type MailSink } from './support/mail-sink'

const FROM = 'jobdesk@example.test'
const sinks: MailSink[] = []
const senders: AlarmSender[] = []
const rawServers: Server[] = []

afterEach(async () => {
  await Promise.all(senders.splice(0).map((s) => s.close()))
  await Promise.all(sinks.splice(0).map((s) => s.close()))
  await Promise.all(rawServers.splice(0).map((server) => new Promise<void>((resolve) => server.close(() => resolve()))))
})

async function sink(options: Parameters<typeof startMailSink>[0] = {}): Promise<MailSink> {
  const started = await startMailSink(options)
  sinks.push(started)
  return started
}

function emailSender(smtp: Partial<SmtpSettings> & { port: number }, clock?: Clock): AlarmSender {
  const created = createAlarmSender(
    { webhooks: [], smtp: { host: '127.0.0.1', secure: false, from: `JobDesk <${FROM}>`, timeoutMs: 5_000, ...smtp }, desktop: false },
    { logger: recordingLogger(), clock },
  )
  senders.push(created)
  return created
}

/** A TCP server on 127.0.0.1 that does `onSocket` with every connection instead of speaking SMTP. */
async function rawServer(onSocket: (socket: Socket) => void): Promise<number> {
  const sockets = new Set<Socket>()
  const server = createServer((socket) => {
    sockets.add(socket)
    socket.on('error', () => undefined)
    onSocket(socket)
  })
  server.on('close', () => sockets.forEach((s) => s.destroy()))
  const close = server.close.bind(server)
  server.close = ((cb?: (err?: Error) => void) => {
    sockets.forEach((s) => s.destroy())
    return close(cb)
  }) as typeof server.close
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  rawServers.push(server)
  return (server.address() as AddressInfo).port
}

describe('alarm email over SMTP', () => {
  it('delivers one mail per alarm address with the facts, HTML escaped', async () => {
    const mail = await sink()
    const outcome = await emailSender({ port: mail.port }).send({ ...failedRun, alarmEmails: ['ops@example.test', ' dev@example.test '] })

    expect(outcome.ok).toBe(true)
    expect(outcome.results).toEqual([
      { channel: 'email', target: 'ops@example.test', ok: true, attempts: 1 },
      { channel: 'email', target: 'dev@example.test', ok: true, attempts: 1 },
    ])
    expect(mail.received.map((m) => [m.from, m.to])).toEqual(
      expect.arrayContaining([
        [FROM, ['ops@example.test']],
        [FROM, ['dev@example.test']],
      ]),
    )
    expect(mail.received).toHaveLength(2)

    const parsed = parseMail(mail.received[0].raw)
    expect(parsed.subject).toBe('JobDesk alarm: job 7 Nightly export failed (run 4711)')
    expect(parsed.headers.get('from')).toBe(`JobDesk <${FROM}>`)
    for (const fact of [
      'Nightly export',
      'Billing & Co (billing-app)',
      '4711',
      'CRON',
      '2026-11-30T02:00:00.000Z',
      'http://10.0.0.5:9999/',
      '--date=2026-11-29',
    ]) {
      expect(parsed.text).toContain(fact)
    }
    expect(parsed.text).toContain('Export failed: <script>alert("pwned")</script> & disk full — Ünïcode ok')
    expect(parsed.text).toContain('Route: FIRST → http://10.0.0.5:9999/')

    expect(parsed.html).toContain('Export failed: &lt;script&gt;alert(&quot;pwned&quot;)&lt;/script&gt; &amp; disk full — Ünïcode ok')
    expect(parsed.html).toContain('Billing &amp; Co (billing-app)')
    expect(parsed.html).not.toContain('<script>')
  })

  it('logs in when a user is configured', async () => {
    const mail = await sink({
      authOptional: false,
      onAuth(auth, _session, callback) {
        if (auth.username === 'alarm' && auth.password === 's3cret') return callback(null, { user: auth.username })
        return callback(new Error('Invalid username or password'))
      },
    })
    const ok = await emailSender({ port: mail.port, user: 'alarm', pass: 's3cret' }).send(failedRun)
    expect(ok.ok).toBe(true)
    expect(mail.received.map((m) => m.user)).toEqual(['alarm'])

    const refused = await emailSender({ port: mail.port, user: 'alarm', pass: 'wrong' }).send(failedRun)
    expect(refused.ok).toBe(false)
    expect(refused.results[0].error).toMatch(/535.*Invalid username or password/)
    expect(mail.received).toHaveLength(1)
  })

  it('reports a recipient the server rejects, with its reply, and still delivers to the others', async () => {
    const mail = await sink({
      onRcptTo(address, _session, callback) {
        if (address.address === 'gone@example.test') {
          return callback(Object.assign(new Error('5.1.1 mailbox unavailable'), { responseCode: 550 }))
        }
        return callback()
      },
    })
    const outcome = await emailSender({ port: mail.port }).send({ ...failedRun, alarmEmails: ['gone@example.test', 'ops@example.test'] })

    expect(outcome.ok).toBe(false)
    const [gone, ops] = outcome.results
    expect(gone).toMatchObject({ channel: 'email', target: 'gone@example.test', ok: false, attempts: 1 })
    expect(gone.error).toMatch(/550 5\.1\.1 mailbox unavailable/)
    expect(ops).toEqual({ channel: 'email', target: 'ops@example.test', ok: true, attempts: 1 })
    expect(mail.received.map((m) => m.to)).toEqual([['ops@example.test']])
  })

  it('reports a server that refuses the session at the greeting', async () => {
    const mail = await sink({
      onConnect(_session, callback) {
        callback(new Error('too busy, go away'))
      },
    })
    const outcome = await emailSender({ port: mail.port }).send(failedRun)
    expect(outcome.ok).toBe(false)
    expect(outcome.results[0].error).toMatch(/too busy, go away/)
  })

  it('reports a server that closes the connection without a word', async () => {
    const port = await rawServer((socket) => socket.destroy())
    const outcome = await emailSender({ port, timeoutMs: 2_000 }).send(failedRun)
    expect(outcome.ok).toBe(false)
    expect(outcome.results[0]).toMatchObject({ channel: 'email', target: 'ops@example.test', ok: false, attempts: 1 })
    expect(outcome.results[0].error).toMatch(/clos|ECONNRESET|socket/i)
  })

  it('fails fast on a port nothing listens on', async () => {
    const port = await closedPort()
    const outcome = await emailSender({ port, timeoutMs: 1_000 }).send(failedRun)
    expect(outcome.ok).toBe(false)
    expect(outcome.results[0].error).toMatch(/ECONNREFUSED/)
  })

  it('fails further mails at once for a while after the server itself failed', async () => {
    const port = await closedPort()
    let nowMs = 1_800_000_000_000
    const clock: Clock = { nowMs: () => nowMs, sleep: async () => undefined }
    const sender = emailSender({ port, timeoutMs: 1_000 }, clock)
    const addresses = Array.from({ length: 8 }, (_, i) => `ops${i}@example.test`)
    const burst = await sender.send({ ...failedRun, alarmEmails: addresses })

    expect(burst.results.map((r) => r.target)).toEqual(addresses)
    const tried = burst.results.filter((r) => r.attempts === 1)
    const skipped = burst.results.filter((r) => r.attempts === 0)
    expect(tried.length).toBeGreaterThan(0)
    expect(skipped.length).toBeGreaterThan(0)
    for (const r of tried) expect(r.error).toMatch(/ECONNREFUSED/)
    for (const r of skipped) expect(r.error).toMatch(/^not tried: the previous mail through 127\.0\.0\.1:\d+ failed: .*ECONNREFUSED.* \(less than 30 s ago\)$/)

    nowMs += SMTP_PAUSE_AFTER_FAILURE_MS
    const later = await sender.send(failedRun)
    expect(later.results[0]).toMatchObject({ ok: false, attempts: 1 })
    expect(later.results[0].error).toMatch(/ECONNREFUSED/)
  })

  it('gives up on a server that never greets once the timeout passes', async () => {
    const port = await rawServer(() => undefined)
    const outcome = await emailSender({ port, timeoutMs: 300 }).send(failedRun)
    expect(outcome.ok).toBe(false)
    // The 300 ms greeting timeout or the mail's deadline (3 × 300 ms), whichever nodemailer meets first.
    expect(outcome.results[0].error).toMatch(/ETIMEDOUT (Greeting never received|no answer from 127\.0\.0\.1:\d+ within 300 ms)|^no answer from/)
  })

  it('sends a test mail from the settings page', async () => {
    const mail = await sink()
    const result = await emailSender({ port: mail.port }).sendTestEmail('admin@example.test')
    expect(result).toEqual({ channel: 'email', target: 'admin@example.test', ok: true, attempts: 1 })
    expect(mail.received.map((m) => m.to)).toEqual([['admin@example.test']])
    const parsed = parseMail(mail.received[0].raw)
    expect(parsed.subject).toBe('JobDesk test alarm')
    expect(parsed.text).toContain(`127.0.0.1:${mail.port}`)
  })

  it('carries a burst of mails over the pool without losing one', async () => {
    const mail = await sink()
    const sender = emailSender({ port: mail.port })
    const runs = Array.from({ length: 12 }, (_, i) => ({ ...failedRun, logId: 9000 + i, alarmEmails: [`ops${i}@example.test`] }))
    const outcomes = await Promise.all(runs.map((run) => sender.send(run)))
    expect(outcomes.every((o) => o.ok)).toBe(true)
    const subjects = mail.received.map((m) => parseMail(m.raw).subject).sort()
    expect(subjects).toEqual(runs.map((r) => `JobDesk alarm: job 7 Nightly export failed (run ${r.logId})`).sort())
  })
})
