import type nodemailer from 'nodemailer'
import { SENDER_CLOSED, type ChannelResult, type SmtpSettings } from './alarm-types'
import { SMTP_DEFAULT_TIMEOUT_MS } from './validate-alarm-settings'

/**
 * One mail gets at most this many times `SmtpSettings.timeoutMs` from the moment a pool connection
 * is free for it: connect, greeting, login and transfer (each also bounded by the timeout alone).
 */
export const EMAIL_DEADLINE_FACTOR = 3
/**
 * Pool sizing. Failures come in bursts (a dead executor fails every job routed to it; the fail
 * monitor handles up to 1000 runs a pass), so a few connections carry a burst's mails one after
 * another instead of one TCP + TLS + AUTH handshake per mail, and a corporate relay never sees more
 * than this many sessions from us.
 */
const POOL_MAX_CONNECTIONS = 3
/** Alarms are rare: an idle session closes after this (ms) rather than waiting for the server to drop it. */
const POOL_IDLE_TIMEOUT_MS = 30_000
/** A pooled session the server dropped while we sent gets one fresh connection, not five. */
const POOL_MAX_REQUEUES = 1

/**
 * After a server-level failure (unreachable, timeout, refused login, bad greeting), further mails
 * fail at once for this long (ms) instead of each waiting out its own timeout: with a dead server
 * a burst would otherwise keep alarms pending for hours. Recipient rejections do not count.
 */
export const SMTP_PAUSE_AFTER_FAILURE_MS = 30_000

/** The most one mail may take once it has a pool connection (ms). */
export function emailDeadlineMs(settings: SmtpSettings): number {
  return EMAIL_DEADLINE_FACTOR * (settings.timeoutMs ?? SMTP_DEFAULT_TIMEOUT_MS)
}

export interface MailContent {
  subject: string
  text: string
  html?: string
}

/**
 * An SMTP server as the alarm module sees it: one pooled nodemailer transport built from the
 * settings once, one mail per recipient, each bounded by a deadline. Mails beyond the pool's
 * connections wait here, not in nodemailer's queue, so a burst's last mail does not spend its
 * deadline waiting for the others.
 */
export class SmtpMailer {
  /** Made for the first mail: nodemailer's modules cost a cold start tens of ms and most nodes never mail (docs/benchmarks.md#b9-cold-start). */
  private transport: Promise<ReturnType<typeof createPool>> | null = null
  readonly deadlineMs: number
  private sending = 0
  private readonly waiting: (() => void)[] = []
  private pausedUntilMs = 0
  private pauseReason = ''

  constructor(
    private readonly settings: SmtpSettings,
    private readonly nowMs: () => number,
  ) {
    this.deadlineMs = emailDeadlineMs(settings)
  }

  /** `host:port`, for notes and logs. */
  get server(): string {
    return `${this.settings.host}:${this.settings.port}`
  }

  /** Sends one mail to `to`; resolves with the result, never rejects. */
  async sendMail(to: string, content: MailContent, closing: AbortSignal): Promise<ChannelResult> {
    const base = { channel: 'email' as const, target: to }
    if (!(await this.takeTurn(closing))) return { ...base, ok: false, error: SENDER_CLOSED, attempts: 0 }
    if (this.nowMs() < this.pausedUntilMs) {
      this.endTurn()
      return { ...base, ok: false, error: `not tried: ${this.pauseReason} (less than ${SMTP_PAUSE_AFTER_FAILURE_MS / 1000} s ago)`, attempts: 0 }
    }
    const deadline = new AbortController()
    const timer = setTimeout(() => deadline.abort(), this.deadlineMs)
    try {
      this.transport ??= import('nodemailer').then(({ default: mailer }) => createPool(mailer, this.settings))
      await (
        await this.transport
      ).sendMail({
        from: this.settings.from,
        to,
        subject: content.subject,
        text: content.text,
        ...(content.html === undefined ? {} : { html: content.html }),
        signal: AbortSignal.any([deadline.signal, closing]),
      })
      return { ...base, ok: true, attempts: 1 }
    } catch (error) {
      if (closing.aborted) return { ...base, ok: false, error: SENDER_CLOSED, attempts: 1 }
      const reason = deadline.signal.aborted
        ? `no answer from ${this.server} within ${this.deadlineMs} ms`
        : describeSmtpError(error, this.server, this.settings.timeoutMs ?? SMTP_DEFAULT_TIMEOUT_MS)
      if (deadline.signal.aborted || !isRecipientFailure(error)) {
        this.pausedUntilMs = this.nowMs() + SMTP_PAUSE_AFTER_FAILURE_MS
        this.pauseReason = `the previous mail through ${this.server} failed: ${reason}`
      }
      return { ...base, ok: false, error: reason, attempts: 1 }
    } finally {
      clearTimeout(timer)
      this.endTurn()
    }
  }

  /** Resolves true when a pool connection is free for this mail, false when `closing` aborts first. */
  private takeTurn(closing: AbortSignal): Promise<boolean> {
    if (closing.aborted) return Promise.resolve(false)
    if (this.sending < POOL_MAX_CONNECTIONS) {
      this.sending++
      return Promise.resolve(true)
    }
    return new Promise((resolve) => {
      const onTurn = (): void => {
        closing.removeEventListener('abort', onAbort)
        this.sending++
        resolve(true)
      }
      const onAbort = (): void => {
        const index = this.waiting.indexOf(onTurn)
        if (index !== -1) this.waiting.splice(index, 1)
        resolve(false)
      }
      this.waiting.push(onTurn)
      closing.addEventListener('abort', onAbort, { once: true })
    })
  }

  private endTurn(): void {
    this.sending--
    this.waiting.shift()?.()
  }

  /** With `force`, sessions in the middle of a delivery are cut too (their mails fail). */
  close(force = false): void {
    void this.transport?.then(
      (transport) => transport.close({ force }),
      () => undefined,
    )
  }
}

function createPool(mailer: typeof nodemailer, settings: SmtpSettings) {
  const timeoutMs = settings.timeoutMs ?? SMTP_DEFAULT_TIMEOUT_MS
  return mailer.createTransport({
    pool: true,
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    ...(settings.user !== undefined ? { auth: { user: settings.user, pass: settings.pass } } : {}),
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    maxConnections: POOL_MAX_CONNECTIONS,
    idleTimeout: POOL_IDLE_TIMEOUT_MS,
    maxRequeues: POOL_MAX_REQUEUES,
    // Alarm mails carry no attachments; refuse file and URL content outright.
    disableFileAccess: true,
    disableUrlAccess: true,
    logger: false,
  })
}

/** The server refused this mail's recipient (or the message itself), not the session: others may still go through. */
function isRecipientFailure(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code
  return code === 'EENVELOPE' || code === 'EMESSAGE'
}

/** Nodemailer's message plus the server's reply when it has one (e.g. `550 5.1.1 no such user`). */
export function describeSmtpError(error: unknown, server: string, timeoutMs: number): string {
  if (!(error instanceof Error)) return String(error)
  const details = error as Error & { code?: unknown; response?: unknown }
  // Nodemailer's socket-inactivity timeout says only "Timeout".
  let text = error.message === 'Timeout' ? `no answer from ${server} within ${timeoutMs} ms` : error.message
  if (typeof details.response === 'string' && details.response !== '' && !text.includes(details.response)) {
    text += ` (server said: ${details.response})`
  }
  if (typeof details.code === 'string' && !text.includes(details.code)) text = `${details.code} ${text}`
  return text
}
