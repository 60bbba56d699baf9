import { afterEach } from 'vitest'
import type { AlarmSender, SmtpSettings } from '../../../../src/main/completion/alarms'
import { startHttpRecorder, type HttpRecorder, type Responder } from './http-recorder'
import { startMailSink, type MailSink } from './mail-sink'

/** The sender address of the mails the alarm tests send. */
export const TEST_MAIL_FROM = 'jobdesk@example.test'

/** Plain SMTP to a mail sink on loopback, from TEST_MAIL_FROM. */
export function smtpAt(port: number): SmtpSettings {
  return { host: '127.0.0.1', port, secure: false, from: TEST_MAIL_FROM, timeoutMs: 10_000 }
}

/**
 * The loopback stubs and alarm senders a test file starts, closed after each test (senders first:
 * they hold connections to the stubs): `stub` starts a recorder answering with `respond`, `sink` a
 * mail sink, `track` hands back a sender after noting it for closing.
 */
export function alarmTestKit(): {
  stub: (respond: Responder) => Promise<HttpRecorder>
  sink: (options?: Parameters<typeof startMailSink>[0]) => Promise<MailSink>
  track: (sender: AlarmSender) => AlarmSender
} {
  const servers: { close(): Promise<void> }[] = []
  const senders: AlarmSender[] = []
  afterEach(async () => {
    await Promise.all(senders.splice(0).map((s) => s.close()))
    await Promise.all(servers.splice(0).map((r) => r.close()))
  })
  return {
    stub: async (respond) => {
      const started = await startHttpRecorder(respond)
      servers.push(started)
      return started
    },
    sink: async (options) => {
      const started = await startMailSink(options)
      servers.push(started)
      return started
    },
    track: (sender) => {
      senders.push(sender)
      return sender
    },
  }
}
