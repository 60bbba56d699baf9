import { formatDownTime } from '../../../shared/alarm-policy'
import type { AlarmFacts } from './alarm-types'

/**
 * Longest trigger/handle message or executor param an alarm carries (characters). The admin stores
 * up to 15,000 per message (XXL-JOB's cap); mail clients and chat webhooks choke well before that.
 */
export const ALARM_MESSAGE_MAX_CHARS = 10_000
/** Longest job or flow name in a subject line (characters). */
const SUBJECT_NAME_MAX_CHARS = 100

export type WebhookEvent = 'job.failed' | 'job.recovered' | 'alarm.test'

export interface WebhookPayload {
  event: WebhookEvent
  /** The run's facts with long texts capped; absent for `alarm.test`. */
  run?: AlarmFacts
  sentAtMs: number
}

/**
 * Cuts `text` to `maxChars` and says how much was dropped, so a reader knows it is not the whole
 * message. Never splits a UTF-16 surrogate pair.
 */
export function capText(text: string, maxChars = ALARM_MESSAGE_MAX_CHARS): string {
  if (text.length <= maxChars) return text
  let end = maxChars
  const last = text.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end -= 1
  return `${text.slice(0, end)}\n… [truncated: ${text.length - end} more characters]`
}

/** The facts as receivers get them: long free texts capped, everything else as is. */
export function capFacts(facts: AlarmFacts): AlarmFacts {
  return {
    ...facts,
    triggerMsg: capText(facts.triggerMsg),
    handleMsg: capText(facts.handleMsg),
    executorParam: capText(facts.executorParam),
    alarmEmails: [...facts.alarmEmails],
  }
}

export function buildWebhookPayload(facts: AlarmFacts, sentAtMs: number): WebhookPayload {
  return { event: facts.recovered ? 'job.recovered' : 'job.failed', run: capFacts(facts), sentAtMs }
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c])
}

/** `JobDesk alarm: job 7 Nightly export failed (run 4711)`, the job name as `subjectName` gives it. */
export function formatAlarmSubject(facts: AlarmFacts): string {
  return `JobDesk ${facts.recovered ? 'recovered' : 'alarm'}: job ${facts.jobId} ${subjectName(facts.jobName)} ${whatHappened(facts)} (run ${facts.logId})`
}

/** "failed", or "recovered after 10 failures, down for 2 min 5 s" for a recovery notice. */
function whatHappened(facts: AlarmFacts): string {
  const { recovered } = facts
  if (!recovered) return 'failed'
  return `recovered after ${recovered.failures} ${recovered.failures === 1 ? 'failure' : 'failures'}, down for ${formatDownTime(recovered.downMs)}`
}

/** A name as a subject line may carry it: control characters as spaces (a header is one line), a long name shortened. */
export function subjectName(name: string): string {
  // oxlint-disable-next-line no-control-regex -- finding control characters is the point: a subject is one line
  const flat = name.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim()
  return flat.length > SUBJECT_NAME_MAX_CHARS ? `${flat.slice(0, SUBJECT_NAME_MAX_CHARS - 1)}…` : flat
}

/** Epoch ms as ISO 8601 UTC; 0 (never happened) as a dash. */
export function formatTimeMs(ms: number): string {
  return ms > 0 ? new Date(ms).toISOString() : '—'
}

interface MailBody {
  rows: [label: string, value: string][]
  blocks: [label: string, text: string][]
}

function describeRun(facts: AlarmFacts): MailBody {
  const capped = capFacts(facts)
  return {
    rows: [
      ['Job', `${facts.jobId} ${facts.jobName}`],
      ['Executor group', `${facts.groupName} (${facts.appName})`],
      ['Run (log id)', String(facts.logId)],
      ['Trigger type', facts.triggerType],
      ['Trigger time', formatTimeMs(facts.triggerTimeMs)],
      ['Trigger code', String(facts.triggerCode)],
      ['Handle time', formatTimeMs(facts.handleTimeMs)],
      ['Handle code', String(facts.handleCode)],
      ['Executor address', facts.executorAddress || '—'],
      ['Retries left', String(facts.retriesLeft)],
      ...policyRows(facts),
    ],
    blocks: [
      ['Executor param', capped.executorParam],
      ['Trigger message', capped.triggerMsg],
      ['Handle message', capped.handleMsg],
    ],
  }
}

/** The alarm policy's counts, when it sent this alarm after a row of failures or with others folded into it. */
function policyRows(facts: AlarmFacts): [string, string][] {
  const rows: [string, string][] = []
  if (facts.policy && facts.policy.failuresInRow > 1) rows.push(['Failures in a row', String(facts.policy.failuresInRow)])
  if (facts.policy && facts.policy.folded > 0) rows.push(['Alarms folded since the last', String(facts.policy.folded)])
  return rows
}

export function formatAlarmText(facts: AlarmFacts): string {
  const { rows, blocks } = describeRun(facts)
  const width = Math.max(...rows.map(([label]) => label.length)) + 2
  const lines = [`JobDesk: job ${facts.jobId} ${facts.jobName} ${whatHappened(facts)} (run ${facts.logId}).`, '']
  for (const [label, value] of rows) lines.push(`${`${label}:`.padEnd(width)}${value}`)
  for (const [label, text] of blocks) lines.push('', `${label}:`, text === '' ? '—' : text)
  return `${lines.join('\n')}\n`
}

/** A plain table; every value is escaped (handle messages are free text from the executor). */
export function formatAlarmHtml(facts: AlarmFacts): string {
  const { rows, blocks } = describeRun(facts)
  const cell = 'style="text-align:left;vertical-align:top;padding:2px 12px 2px 0"'
  const table = rows.map(([label, value]) => `<tr><th ${cell}>${escapeHtml(label)}</th><td ${cell}>${escapeHtml(value)}</td></tr>`)
  const sections = blocks.map(
    ([label, text]) =>
      `<h3 style="margin:16px 0 4px">${escapeHtml(label)}</h3>` +
      `<pre style="white-space:pre-wrap;word-break:break-word;margin:0">${escapeHtml(text === '' ? '—' : text)}</pre>`,
  )
  return [
    '<!doctype html><html><body style="font-family:sans-serif">',
    `<h2 style="color:${facts.recovered ? '#067647' : '#b42318'}">Job ${facts.jobId} ${escapeHtml(facts.jobName)} ${whatHappened(facts)} (run ${facts.logId})</h2>`,
    `<table>${table.join('')}</table>`,
    ...sections,
    '</body></html>',
  ].join('\n')
}
