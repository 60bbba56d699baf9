import type { Agent } from 'undici'
import { splitAddressList } from '../../../shared/address-list'
import { describeError } from '../../../shared/errors'
import { systemClock, type Clock } from '../../kernel/clock'
import { loadUndici } from '../../kernel/lazy-undici'
import type { Logger } from '../../kernel/logger'
import {
  SENDER_CLOSED,
  type AlarmFacts,
  type AlarmOutcome,
  type AlarmSender,
  type AlarmSettings,
  type ChannelResult,
  type DeadlineDesktopNotice,
  type DeadlineNoticeFacts,
  type FlowDesktopNotice,
  type FlowNoticeFacts,
  type InfraAlertFacts,
  type WebhookChannel,
} from './alarm-types'
import { buildWebhookPayload, capFacts, formatAlarmHtml, formatAlarmSubject, formatAlarmText } from './alarm-message'
import { buildInfraWebhookPayload, formatInfraAlertSubject, formatInfraAlertText } from './infra-alert-message'
import { emailDeadlineMs, SmtpMailer, type MailContent } from './email-channel'
import { buildFlowWebhookPayload, flowDesktopNotice, formatFlowNoticeSubject, formatFlowNoticeText } from './flow-notice-message'
import { checkWebhookUrl, isEmailAddress, WEBHOOK_DEFAULT_RETRIES, WEBHOOK_DEFAULT_TIMEOUT_MS } from './validate-alarm-settings'
import { describeWebhookTarget, postWebhook, webhookBackoffMs } from './webhook-channel'
import { webhookWithSecrets, type GlobalSecretValues } from './channel-secrets'
import type { ImChannel, ImChannelEvent } from '../../../shared/settings-types'
import { imTarget, postImChannel } from './im/im-channel'
import { flowNote, infraNote, runNote, testNote, type ImNote } from './im/im-note'
import { buildDeadlineWebhookPayload, deadlineDesktopNotice, deadlineNote, formatDeadlineSubject, formatDeadlineText } from './deadline-notice-message'

/** How long close() lets sends in flight finish before cutting them off (ms). */
export const ALARM_CLOSE_GRACE_MS = 5_000

export interface AlarmSenderDeps {
  logger: Logger
  /** Shows the alarm: an OS notification in Electron, a UI notice in headless mode. Gets capped facts. */
  onDesktop?: (facts: AlarmFacts) => void
  /** Shows a flow notice the same way ("flow X run N failed / waits for approval"). */
  onFlowDesktop?: (notice: FlowDesktopNotice) => void
  /** Shows a run's broken promise (late, slow) the same way. */
  onDeadlineDesktop?: (notice: DeadlineDesktopNotice) => void
  /** `nowMs` stamps `sentAtMs`; `sleep` waits between webhook attempts. Default: the system clock. */
  clock?: Clock
  /** Default ALARM_CLOSE_GRACE_MS. */
  closeGraceMs?: number
  /** The console's base URL for the links in chat messages (`<base>/#/runs/<id>`); '' or absent: no link. */
  consoleBase?: () => string
  /** The values of the global secrets a webhook's URL or headers name (`${secrets.NAME}`), read at each send. */
  secretValues?: GlobalSecretValues
}

type Task = Promise<ChannelResult | ChannelResult[]>

/** One thing to send, whatever it is about: how each channel gets it and what the log says of it. */
interface Delivery {
  /** Hands it to the desktop hook; undefined when no hook is attached, null when it has no desktop notice. */
  showDesktop: (() => void) | undefined | null
  webhookBody: () => string
  /** Raw addresses, trimmed and checked here. */
  emails: string[]
  mail: () => MailContent
  /** The ok note of an email result when there is no address, e.g. "the job has no alarm email". */
  noEmailNote: string
  /** Names the alarm in log lines. */
  logFields: Record<string, unknown>
  /** The chat message in a channel's language. */
  imNote: (channel: ImChannel) => ImNote
  /** Which IM channels hear it: those set for this event, and (a failed run) those its job names. */
  imEvent: ImChannelEvent
  imNamed?: string[]
}

const ALREADY_CLOSED = AbortSignal.abort(SENDER_CLOSED)

/**
 * Builds the sender for one version of the alarm settings: the SMTP pool and HTTP connections are
 * made once here and shared by every alarm until close().
 */
export function createAlarmSender(given: AlarmSettings, deps: AlarmSenderDeps): AlarmSender {
  // A private copy: later edits to the caller's object must not half-apply to this sender.
  const settings = structuredClone(given)
  const clock = deps.clock ?? systemClock
  const closing = new AbortController()
  // Made on the first webhook: most settings have none, and undici stays unloaded until then (docs/benchmarks.md#b9-cold-start).
  let agent: Agent | null = null
  const dispatcher = async (): Promise<Agent> => {
    const undici = await loadUndici()
    return (agent ??= new undici.Agent())
  }
  const mailer = settings.smtp ? new SmtpMailer(settings.smtp, () => clock.nowMs()) : null
  const inFlight = new Set<Promise<unknown>>()
  let refusing = false
  let closed: Promise<void> | null = null

  /** Sends started after close() see an aborted signal and fail at once without sending. */
  const currentSignal = (): AbortSignal => (refusing ? ALREADY_CLOSED : closing.signal)

  function track<T>(work: Promise<T>): Promise<T> {
    inFlight.add(work)
    // Not `finally`: it passes a rejection on to a new promise nobody handles (the caller handles `work` itself).
    const forget = (): void => void inFlight.delete(work)
    void work.then(forget, forget)
    return work
  }

  function notifyDesktop(show: (() => void) | undefined, signal: AbortSignal): ChannelResult {
    const base = { channel: 'desktop' as const, target: 'desktop' }
    if (signal.aborted) return { ...base, ok: false, error: SENDER_CLOSED, attempts: 0 }
    if (!show) return { ...base, ok: false, error: 'no desktop notifier is attached', attempts: 0 }
    try {
      show()
      return { ...base, ok: true, attempts: 1 }
    } catch (error) {
      return { ...base, ok: false, error: `desktop notifier failed: ${(error as Error)?.message ?? String(error)}`, attempts: 1 }
    }
  }

  function mailTasks(delivery: Delivery, signal: AbortSignal): Task[] {
    const addresses = [...new Set(delivery.emails.map((a) => a.trim()).filter((a) => a !== ''))]
    if (addresses.length === 0) {
      // XXL-JOB's rule: a job without alarm emails counts as alarmed by email (a flow follows it).
      if (!mailer) return []
      return [Promise.resolve({ channel: 'email', target: '(none)', ok: true, note: delivery.noEmailNote, attempts: 0 })]
    }
    if (!mailer) {
      return [
        Promise.resolve({ channel: 'email', target: addresses.join(', '), ok: false, error: 'no SMTP server configured', reason: 'smtpOff', attempts: 0 }),
      ]
    }
    const content = delivery.mail()
    return addresses.map((to) =>
      isEmailAddress(to)
        ? mailer.sendMail(to, content, signal)
        : Promise.resolve<ChannelResult>({
            channel: 'email',
            target: to,
            ok: false,
            error: `${JSON.stringify(to.slice(0, 120))} is not an email address`,
            reason: 'badAddress',
            attempts: 0,
          }),
    )
  }

  function imTasks(delivery: Delivery, signal: AbortSignal): Task[] {
    const channels = settings.imChannels ?? []
    const named = new Set(delivery.imNamed ?? [])
    const tasks: Task[] = channels
      .filter((c) => c.events.includes(delivery.imEvent) || named.has(c.name))
      .map((c) => settle('im', imTarget(c), () => postImChannel(c, delivery.imNote(c), { dispatcher, clock, closing: signal })))
    // A job may name a channel an admin removed since: its alarm fails with that reason rather than vanish.
    for (const name of named) {
      if (!channels.some((c) => c.name === name)) {
        tasks.push(Promise.resolve({ channel: 'im', target: `#${name}`, ok: false, error: `no IM channel named #${name}`, attempts: 0 }))
      }
    }
    return tasks
  }

  const consoleBase = (): string => deps.consoleBase?.() ?? ''

  async function deliver(delivery: Delivery): Promise<AlarmOutcome> {
    const signal = currentSignal()
    const tasks: Task[] = []
    const { showDesktop } = delivery
    if (settings.desktop && showDesktop !== null) tasks.push(settle('desktop', 'desktop', async () => notifyDesktop(showDesktop, signal)))
    for (const channel of settings.webhooks) {
      tasks.push(
        settle('webhook', describeWebhookTarget(channel.url), async (): Promise<ChannelResult> => {
          const resolved = deps.secretValues ? await webhookWithSecrets(channel, deps.secretValues) : channel
          if ('missing' in resolved)
            return {
              channel: 'webhook',
              target: describeWebhookTarget(channel.url),
              ok: false,
              error: `no secret named ${resolved.missing.join(', ')}`,
              attempts: 0,
            }
          return postWebhook(resolved, delivery.webhookBody(), { dispatcher, clock, closing: signal })
        }),
      )
    }
    tasks.push(settle('email', 'alarm emails', async () => (await Promise.all(mailTasks(delivery, signal))).flat()))
    tasks.push(...imTasks(delivery, signal))
    const results = (await Promise.all(tasks)).flat()
    const outcome = { ok: results.every((r) => r.ok), results }
    if (outcome.ok) {
      deps.logger.debug('alarm sent', { ...delivery.logFields, channels: results.length })
    } else {
      const failures = results.filter((r) => !r.ok).map((r) => `${r.channel} ${r.target}: ${r.error}`)
      deps.logger.warn('alarm not delivered everywhere', { ...delivery.logFields, failures })
    }
    return outcome
  }

  // Async, so a bad argument rejects (and is caught below) instead of throwing; the signal is still
  // taken synchronously, so a send called before close() counts as in flight.
  async function send(facts: AlarmFacts): Promise<AlarmOutcome> {
    const { onDesktop } = deps
    return deliver({
      showDesktop: onDesktop && (() => onDesktop(capFacts(facts))),
      webhookBody: () => JSON.stringify(buildWebhookPayload(facts, clock.nowMs())),
      emails: facts.alarmEmails,
      mail: () => ({ subject: formatAlarmSubject(facts), text: formatAlarmText(facts), html: formatAlarmHtml(facts) }),
      noEmailNote: 'the job has no alarm email',
      logFields: { logId: facts.logId, jobId: facts.jobId },
      imNote: (channel) => runNote(facts, channel.language, consoleBase()),
      imEvent: 'failedRuns',
      imNamed: facts.imChannels,
    })
  }

  async function sendFlowNotice(notice: FlowNoticeFacts): Promise<AlarmOutcome> {
    const { onFlowDesktop } = deps
    return deliver({
      showDesktop: onFlowDesktop && (() => onFlowDesktop(flowDesktopNotice(notice))),
      webhookBody: () => JSON.stringify(buildFlowWebhookPayload(notice, clock.nowMs())),
      emails: splitAddressList(notice.alarmEmail),
      mail: () => ({ subject: formatFlowNoticeSubject(notice), text: formatFlowNoticeText(notice) }),
      noEmailNote: 'the flow has no alarm email',
      logFields: { flowNotice: notice.kind, flowRunId: notice.flowRunId, flowId: notice.flowId },
      imNote: (channel) => flowNote(notice, channel.language, consoleBase()),
      imEvent: 'flowNotices',
    })
  }

  async function sendAlert(alert: InfraAlertFacts): Promise<AlarmOutcome> {
    return deliver({
      // The console shows these among the dashboard's warnings; the desktop hooks know runs and flows only.
      showDesktop: null,
      webhookBody: () => JSON.stringify(buildInfraWebhookPayload(alert, clock.nowMs())),
      emails: splitAddressList(settings.alertEmail ?? ''),
      mail: () => ({ subject: formatInfraAlertSubject(alert), text: formatInfraAlertText(alert) }),
      noEmailNote: 'no alert email is set',
      logFields: { alert: alert.kind, subject: alert.subject },
      imNote: (channel) => infraNote(alert, channel.language),
      imEvent: 'infraAlerts',
    })
  }

  async function sendDeadlineNotice(notice: DeadlineNoticeFacts): Promise<AlarmOutcome> {
    const { onDeadlineDesktop } = deps
    return deliver({
      showDesktop: onDeadlineDesktop && (() => onDeadlineDesktop(deadlineDesktopNotice(notice))),
      webhookBody: () => JSON.stringify(buildDeadlineWebhookPayload(notice, clock.nowMs())),
      emails: notice.alarmEmails,
      mail: () => ({ subject: formatDeadlineSubject(notice), text: formatDeadlineText(notice) }),
      noEmailNote: `the ${notice.target} has no alarm email`,
      logFields: { deadline: notice.kind, target: notice.target, runId: notice.runId },
      imNote: (channel) => deadlineNote(notice, channel.language, consoleBase()),
      // Heard where the job's failures or the flow's notices are.
      imEvent: notice.target === 'job' ? 'failedRuns' : 'flowNotices',
      imNamed: notice.imChannels,
    })
  }

  async function sendTestEmail(to: string): Promise<ChannelResult> {
    const address = to.trim()
    if (!isEmailAddress(address))
      return { channel: 'email', target: to.slice(0, 200), ok: false, error: `${JSON.stringify(to.slice(0, 120))} is not an email address`, attempts: 0 }
    if (!mailer) return { channel: 'email', target: address, ok: false, error: 'no SMTP server configured', attempts: 0 }
    const content: MailContent = {
      subject: 'JobDesk test alarm',
      text: `This is a test message from JobDesk's alarm settings, sent through ${mailer.server}.\nAlarm mails for failed runs will arrive like this one.\n`,
    }
    return settle('email', address, () => mailer.sendMail(address, content, currentSignal()))
  }

  async function testWebhook(url: string): Promise<ChannelResult> {
    const trimmed = url.trim()
    try {
      checkWebhookUrl(trimmed)
    } catch (error) {
      return { channel: 'webhook', target: describeWebhookTarget(trimmed), ok: false, error: describeError(error), attempts: 0 }
    }
    const configured = settings.webhooks.find((w) => w.url === trimmed)
    const channel: WebhookChannel = { url: trimmed, headers: configured?.headers, timeoutMs: configured?.timeoutMs, retries: 0 }
    const body = JSON.stringify({ event: 'alarm.test', sentAtMs: clock.nowMs() })
    return settle('webhook', describeWebhookTarget(trimmed), () => postWebhook(channel, body, { dispatcher, clock, closing: currentSignal() }))
  }

  async function testImChannel(name: string): Promise<ChannelResult> {
    const channel = (settings.imChannels ?? []).find((c) => c.name === name)
    if (!channel) return { channel: 'im', target: `#${name.slice(0, 64)}`, ok: false, error: `no IM channel named #${name.slice(0, 64)}`, attempts: 0 }
    const signal = currentSignal()
    return settle('im', imTarget(channel), () => postImChannel(channel, testNote(channel.language), { dispatcher, clock, closing: signal }, 0))
  }

  async function close(): Promise<void> {
    if (closed) return closed
    refusing = true
    closed = (async () => {
      await settledWithin([...inFlight], deps.closeGraceMs ?? ALARM_CLOSE_GRACE_MS)
      closing.abort(SENDER_CLOSED)
      await Promise.allSettled([...inFlight])
      mailer?.close(true)
      await agent?.close().catch(() => undefined)
    })()
    return closed
  }

  /** Runs one channel's work; a bug inside becomes a failed result instead of a rejected alarm. */
  function settle<T extends ChannelResult | ChannelResult[]>(
    channel: ChannelResult['channel'],
    target: string,
    work: () => Promise<T>,
  ): Promise<T | ChannelResult> {
    return track(
      work().catch((error: unknown): ChannelResult => {
        deps.logger.error('alarm channel crashed', { channel, error: String(error) })
        return { channel, target, ok: false, error: `internal error: ${String(error)}`, attempts: 0 }
      }),
    )
  }

  /** Tracked for close(); a bug in building the message becomes a failed outcome, never a rejection. */
  const guarded = (sending: Promise<AlarmOutcome>): Promise<AlarmOutcome> =>
    track(sending).catch((error: unknown): AlarmOutcome => {
      deps.logger.error('alarm crashed', { error: String(error) })
      return { ok: false, results: [] }
    })

  return {
    send: (facts) => guarded(send(facts)),
    sendFlowNotice: (notice) => guarded(sendFlowNotice(notice)),
    sendAlert: (alert) => guarded(sendAlert(alert)),
    sendDeadlineNotice: (notice) => guarded(sendDeadlineNotice(notice)),
    sendTestEmail,
    testWebhook,
    testImChannel,
    close,
  }
}

/** Resolves when all `work` settled or after `graceMs`, whichever comes first. */
async function settledWithin(work: Promise<unknown>[], graceMs: number): Promise<void> {
  if (work.length === 0) return
  let timer: NodeJS.Timeout | undefined
  const grace = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, graceMs)
  })
  await Promise.race([Promise.allSettled(work), grace])
  clearTimeout(timer)
}

/**
 * The longest a send() can take with these settings (ms): the slowest channel's timeouts, retries
 * and backoffs. Channels run in parallel, so it is a maximum, not a sum. A burst of mails queued
 * behind the SMTP pool can take longer per mail.
 */
export function maxAlarmDurationMs(settings: AlarmSettings): number {
  const webhookMs = settings.webhooks.map((w) => {
    const retries = w.retries ?? WEBHOOK_DEFAULT_RETRIES
    let total = (retries + 1) * (w.timeoutMs ?? WEBHOOK_DEFAULT_TIMEOUT_MS)
    for (let retry = 1; retry <= retries; retry++) total += webhookBackoffMs(retry)
    return total
  })
  const emailMs = settings.smtp ? emailDeadlineMs(settings.smtp) : 0
  // IM channels use the webhooks' default timeout and retries.
  let imMs = 0
  if ((settings.imChannels ?? []).length > 0) {
    imMs = (WEBHOOK_DEFAULT_RETRIES + 1) * WEBHOOK_DEFAULT_TIMEOUT_MS
    for (let retry = 1; retry <= WEBHOOK_DEFAULT_RETRIES; retry++) imMs += webhookBackoffMs(retry)
  }
  return Math.max(0, emailMs, imMs, ...webhookMs)
}
