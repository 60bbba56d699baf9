import addressparser from 'nodemailer/lib/addressparser'
import { ValidationError } from '../../../shared/errors'
import type { AlarmSettings, SmtpSettings, WebhookChannel } from './alarm-types'

export const WEBHOOK_DEFAULT_TIMEOUT_MS = 5_000
export const WEBHOOK_DEFAULT_RETRIES = 2
export const SMTP_DEFAULT_TIMEOUT_MS = 10_000
/** Bounds for every timeout setting (ms): below 100 nothing on a LAN answers, above a minute an alarm is stale. */
export const ALARM_TIMEOUT_MIN_MS = 100
export const ALARM_TIMEOUT_MAX_MS = 60_000
export const WEBHOOK_MAX_RETRIES = 10
export const WEBHOOKS_MAX = 20
const URL_MAX_CHARS = 2_000
const HEADERS_MAX = 30
const HEADER_VALUE_MAX_CHARS = 4_000

/** With no settings stored yet: desktop notices on, nothing else. */
export const DEFAULT_ALARM_SETTINGS: AlarmSettings = { webhooks: [], smtp: null, desktop: true }

/** Same rule as a job's alarm_email (src/main/app/job-validation.ts). */
export const EMAIL_ADDRESS = /^[^\s@,<>]+@[^\s@,<>]+\.[^\s@,<>]+$/
/** RFC 9110 token. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
/** Visible ASCII, space, tab and obs-text; no CR, LF or NUL (they would split the request). */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/
// oxlint-disable-next-line no-control-regex -- it exists to refuse control characters
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/
/** Headers the HTTP client or JobDesk sets itself; overriding them breaks the request or the payload. */
const RESERVED_HEADERS = new Set(['host', 'content-length', 'content-type', 'transfer-encoding', 'connection', 'keep-alive', 'upgrade', 'expect', 'te', 'trailer'])

/**
 * Checks alarm settings from the UI or the settings table; the first problem throws a
 * ValidationError naming the field (e.g. `webhooks[1].timeoutMs`, `smtp.port`) and the rule.
 * Missing top-level fields take the defaults of `DEFAULT_ALARM_SETTINGS`; text is trimmed; the
 * optional timeouts and retries stay absent when absent (the channels apply the defaults).
 */
export function validateAlarmSettings(raw: unknown): AlarmSettings {
  const input = record(raw, 'alarms')
  onlyKnownKeys(input, 'alarms', ['webhooks', 'smtp', 'desktop'])
  const webhooksRaw = input.webhooks ?? []
  if (!Array.isArray(webhooksRaw)) throw new ValidationError('webhooks', `expected a list, got ${typeName(webhooksRaw)}`)
  if (webhooksRaw.length > WEBHOOKS_MAX) throw new ValidationError('webhooks', `has ${webhooksRaw.length} entries; the limit is ${WEBHOOKS_MAX}`)
  const webhooks = webhooksRaw.map((entry, i) => webhook(entry, `webhooks[${i}]`))
  const seen = new Set<string>()
  webhooks.forEach((w, i) => {
    if (seen.has(w.url)) throw new ValidationError(`webhooks[${i}].url`, `${w.url} is listed twice`)
    seen.add(w.url)
  })
  const smtpRaw = input.smtp ?? null
  const desktop = input.desktop ?? DEFAULT_ALARM_SETTINGS.desktop
  if (typeof desktop !== 'boolean') throw new ValidationError('desktop', `expected true or false, got ${typeName(desktop)}`)
  return { webhooks, smtp: smtpRaw === null ? null : smtp(smtpRaw), desktop }
}

function webhook(raw: unknown, field: string): WebhookChannel {
  const input = record(raw, field)
  onlyKnownKeys(input, field, ['url', 'headers', 'timeoutMs', 'retries'])
  const channel: WebhookChannel = { url: httpUrl(input.url, `${field}.url`) }
  if (input.headers !== undefined) channel.headers = headers(input.headers, `${field}.headers`)
  if (input.timeoutMs !== undefined) channel.timeoutMs = timeoutMs(input.timeoutMs, `${field}.timeoutMs`)
  if (input.retries !== undefined) channel.retries = integer(input.retries, `${field}.retries`, 0, WEBHOOK_MAX_RETRIES)
  return channel
}

/** A webhook URL: absolute http: or https:, nothing else (no file:, no javascript:). */
export function httpUrl(raw: unknown, field: string): string {
  const text = requiredText(raw, field, URL_MAX_CHARS)
  let url: URL
  try {
    url = new URL(text)
  } catch {
    throw new ValidationError(field, `'${text}' is not an absolute URL`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new ValidationError(field, `only http:// and https:// URLs are allowed, got ${url.protocol}//`)
  }
  return text
}

function headers(raw: unknown, field: string): Record<string, string> {
  const input = record(raw, field)
  const entries = Object.entries(input)
  if (entries.length > HEADERS_MAX) throw new ValidationError(field, `has ${entries.length} headers; the limit is ${HEADERS_MAX}`)
  const result: Record<string, string> = {}
  const names = new Set<string>()
  for (const [name, value] of entries) {
    if (!HEADER_NAME.test(name)) throw new ValidationError(field, `header name '${name}' is not a valid HTTP token`)
    const lower = name.toLowerCase()
    if (RESERVED_HEADERS.has(lower)) throw new ValidationError(field, `header '${name}' is set by JobDesk and cannot be overridden`)
    if (names.has(lower)) throw new ValidationError(field, `header '${name}' is given twice`)
    names.add(lower)
    if (typeof value !== 'string') throw new ValidationError(field, `header '${name}' must be text, got ${typeName(value)}`)
    if (!HEADER_VALUE.test(value)) throw new ValidationError(field, `header '${name}' may hold only printable Latin-1 characters (no line breaks)`)
    if (value.length > HEADER_VALUE_MAX_CHARS) {
      throw new ValidationError(field, `header '${name}' is ${value.length} characters long; the limit is ${HEADER_VALUE_MAX_CHARS}`)
    }
    result[name] = value
  }
  return result
}

function smtp(raw: unknown): SmtpSettings {
  const input = record(raw, 'smtp')
  onlyKnownKeys(input, 'smtp', ['host', 'port', 'secure', 'user', 'pass', 'from', 'timeoutMs'])
  const host = requiredText(input.host, 'smtp.host', 255)
  if (/\s|\//.test(host)) throw new ValidationError('smtp.host', `'${host}' is not a host name or IP address`)
  const port = integer(input.port, 'smtp.port', 1, 65_535)
  if (typeof input.secure !== 'boolean') throw new ValidationError('smtp.secure', `expected true or false, got ${typeName(input.secure)}`)
  const settings: SmtpSettings = { host, port, secure: input.secure, from: fromAddress(input.from) }
  const user = optionalText(input.user, 'smtp.user', 255)
  const pass = optionalText(input.pass, 'smtp.pass', 1_000, false)
  if (user !== undefined && pass === undefined) throw new ValidationError('smtp.pass', 'a login needs a password when smtp.user is set')
  if (pass !== undefined && user === undefined) throw new ValidationError('smtp.user', 'a login needs a user name when smtp.pass is set')
  if (user !== undefined && pass !== undefined) Object.assign(settings, { user, pass })
  if (input.timeoutMs !== undefined) settings.timeoutMs = timeoutMs(input.timeoutMs, 'smtp.timeoutMs')
  return settings
}

/** One mailbox, bare or with a display name: `alarm@example.com`, `JobDesk <alarm@example.com>`. */
function fromAddress(raw: unknown): string {
  const text = requiredText(raw, 'smtp.from', 320)
  if (CONTROL_CHARS.test(text)) throw new ValidationError('smtp.from', 'contains a line break or control character')
  const parsed = addressparser(text)
  const only = parsed.length === 1 ? parsed[0] : undefined
  if (!only || only.group || !EMAIL_ADDRESS.test(only.address)) {
    throw new ValidationError('smtp.from', `'${text}' is not one email address (e.g. alarm@example.com or JobDesk <alarm@example.com>)`)
  }
  return text
}

function timeoutMs(raw: unknown, field: string): number {
  return integer(raw, field, ALARM_TIMEOUT_MIN_MS, ALARM_TIMEOUT_MAX_MS, ' ms')
}

function integer(raw: unknown, field: string, min: number, max: number, unit = ''): number {
  if (typeof raw !== 'number' || !Number.isInteger(raw)) throw new ValidationError(field, `expected a whole number, got ${typeName(raw)}`)
  if (raw < min || raw > max) throw new ValidationError(field, `${raw}${unit} is out of range ${min}-${max}${unit}`)
  return raw
}

function requiredText(raw: unknown, field: string, max: number): string {
  const text = optionalText(raw, field, max)
  if (text === undefined) throw new ValidationError(field, 'is required')
  return text
}

/** Absent or empty (after trimming, unless `trim` is false) gives undefined. */
function optionalText(raw: unknown, field: string, max: number, trim = true): string | undefined {
  if (raw === undefined || raw === null) return undefined
  if (typeof raw !== 'string') throw new ValidationError(field, `expected text, got ${typeName(raw)}`)
  const text = trim ? raw.trim() : raw
  if (text.length > max) throw new ValidationError(field, `is ${text.length} characters long; the limit is ${max}`)
  return text === '' ? undefined : text
}

function record(raw: unknown, field: string): Record<string, unknown> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new ValidationError(field, `expected an object, got ${typeName(raw)}`)
  return raw as Record<string, unknown>
}

/** A typo such as `timeout` for `timeoutMs` must not silently fall back to a default. */
function onlyKnownKeys(input: Record<string, unknown>, field: string, known: string[]): void {
  const unknown = Object.keys(input).find((key) => !known.includes(key))
  if (unknown !== undefined) {
    const path = field === 'alarms' ? unknown : `${field}.${unknown}`
    throw new ValidationError(path, `is not a known setting (expected ${known.join(', ')})`)
  }
}

function typeName(value: unknown): string {
  if (value === undefined) return 'nothing'
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  if (typeof value === 'string') return `'${value.length > 40 ? `${value.slice(0, 40)}…` : value}'`
  if (typeof value === 'number') return String(value)
  return typeof value
}
