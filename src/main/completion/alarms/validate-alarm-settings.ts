import { createRequire } from 'node:module'
import { joinAddressList, splitAddressList } from '../../../shared/address-list'
import { IM_CHANNEL_NAME } from '../../../shared/alarm-targets'
import { codedIssue } from '../../../shared/messages/coded-errors'
import { quote } from '../../../shared/schema/describe-value'
import { parseInput } from '../../../shared/schema/parse-input'
import { emailAddress, httpUrl } from '../../../shared/schema/primitives'
import { z } from '../../../shared/schema/z'
import { CONSOLE_LANGUAGES, IM_CHANNEL_EVENTS, IM_CHANNEL_TYPES, type ImChannel } from '../../../shared/settings-types'
import type { AlarmSettings } from './alarm-types'
import { vendorName } from './im/im-payload'

export const WEBHOOK_DEFAULT_TIMEOUT_MS = 5_000
export const WEBHOOK_DEFAULT_RETRIES = 2
export const SMTP_DEFAULT_TIMEOUT_MS = 10_000
/** Bounds for every timeout setting (ms): below 100 nothing on a LAN answers, above a minute an alarm is stale. */
export const ALARM_TIMEOUT_MIN_MS = 100
export const ALARM_TIMEOUT_MAX_MS = 60_000
export const WEBHOOK_MAX_RETRIES = 10
export const WEBHOOKS_MAX = 20
export const IM_CHANNELS_MAX = 20
const IM_SECRET_MAX_CHARS = 200
/** The robots that sign: the others have no secret to keep. */
const SIGNING_TYPES: ReadonlySet<ImChannel['type']> = new Set(['dingtalk', 'feishu'])
const HEADERS_MAX = 30
const HEADER_VALUE_MAX_CHARS = 4_000
const ALERT_EMAIL_MAX_CHARS = 1_000

/** With no settings stored yet: desktop notices on, nothing else. */
export const DEFAULT_ALARM_SETTINGS: AlarmSettings = { webhooks: [], smtp: null, desktop: true }

/** RFC 9110 token. */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/
/** Visible ASCII, space, tab and obs-text; no CR, LF or NUL (they would split the request). */
const HEADER_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/
// oxlint-disable-next-line no-control-regex -- it exists to refuse control characters
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/

/** nodemailer's address parser, loaded when a sender address is first checked, not with the server (B9). */
const addressParser = () => (createRequire(import.meta.url)('nodemailer/lib/addressparser') as typeof import('nodemailer/lib/addressparser')).default
/** Headers the HTTP client or JobDesk sets itself; overriding them breaks the request or the payload. */
const RESERVED_HEADERS = new Set([
  'host',
  'content-length',
  'content-type',
  'transfer-encoding',
  'connection',
  'keep-alive',
  'upgrade',
  'expect',
  'te',
  'trailer',
])

const timeoutMs = z.int().min(ALARM_TIMEOUT_MIN_MS).max(ALARM_TIMEOUT_MAX_MS)

const headers = z.record(z.string(), z.string().max(HEADER_VALUE_MAX_CHARS)).superRefine((record, context) => {
  const entries = Object.entries(record)
  if (entries.length > HEADERS_MAX) return context.addIssue(codedIssue('alarm.headerCount', { count: entries.length, max: HEADERS_MAX }))
  const names = new Set<string>()
  for (const [name, value] of entries) {
    const shown = { name: JSON.stringify(name.slice(0, 80)) }
    if (!HEADER_NAME.test(name)) return context.addIssue(codedIssue('alarm.headerName', shown))
    const lower = name.toLowerCase()
    if (RESERVED_HEADERS.has(lower)) return context.addIssue(codedIssue('alarm.headerReserved', shown))
    if (names.has(lower)) return context.addIssue(codedIssue('alarm.headerTwice', shown))
    names.add(lower)
    if (!HEADER_VALUE.test(value)) return context.addIssue(codedIssue('alarm.headerValue', shown))
  }
})

const webhook = z.strictObject({
  url: httpUrl,
  headers: headers.optional(),
  timeoutMs: timeoutMs.optional(),
  retries: z.int().min(0).max(WEBHOOK_MAX_RETRIES).optional(),
})

const imChannel = z
  .strictObject({
    type: z.enum(IM_CHANNEL_TYPES),
    name: z
      .string()
      .trim()
      .superRefine((name, context) => {
        if (!IM_CHANNEL_NAME.test(name)) context.addIssue(codedIssue('alarm.imName', { got: quote(name.slice(0, 80)) }))
      }),
    url: httpUrl,
    secret: z
      .string()
      .trim()
      .max(IM_SECRET_MAX_CHARS)
      .nullish()
      .transform((value) => value || undefined),
    language: z.enum(CONSOLE_LANGUAGES).default('en'),
    events: z
      .array(z.enum(IM_CHANNEL_EVENTS))
      .max(IM_CHANNEL_EVENTS.length)
      .default([])
      .transform((events) => IM_CHANNEL_EVENTS.filter((e) => events.includes(e))),
  })
  .superRefine((channel, context) => {
    if (channel.secret !== undefined && !SIGNING_TYPES.has(channel.type)) {
      context.addIssue(codedIssue('alarm.imSecretUnused', { vendor: vendorName(channel.type) }, ['secret']))
    }
  })

/** Absent, null or blank (after trimming, unless `trim` is false) reads as absent. */
function optionalText(max: number, trim = true) {
  return z
    .string()
    .max(max)
    .nullish()
    .transform((value) => {
      const text = trim ? value?.trim() : value
      return text ? text : undefined
    })
}

/** One mailbox, bare or with a display name: `alarm@example.com`, `JobDesk <alarm@example.com>`. */
const fromAddress = z
  .string()
  .trim()
  .min(1)
  .max(320)
  .superRefine((text, context) => {
    if (CONTROL_CHARS.test(text)) {
      context.addIssue(codedIssue('alarm.fromControl'))
      return
    }
    const parsed = addressParser()(text)
    const only = parsed.length === 1 ? parsed[0] : undefined
    if (!only || only.group || !emailAddress.safeParse(only.address).success) {
      context.addIssue(codedIssue('alarm.from', { got: JSON.stringify(text.slice(0, 120)) }))
    }
  })

const smtp = z
  .strictObject({
    host: z
      .string()
      .trim()
      .min(1)
      .max(255)
      .superRefine((host, context) => {
        if (!/^[^\s/]+$/.test(host)) context.addIssue(codedIssue('alarm.smtpHost', { got: quote(host) }))
      }),
    port: z.int().min(1).max(65_535),
    secure: z.boolean(),
    user: optionalText(255),
    pass: optionalText(1_000, false),
    from: fromAddress,
    timeoutMs: timeoutMs.optional(),
  })
  .superRefine((s, context) => {
    if (s.user !== undefined && s.pass === undefined) {
      context.addIssue(codedIssue('alarm.passRequired', {}, ['pass']))
    }
    if (s.pass !== undefined && s.user === undefined) {
      context.addIssue(codedIssue('alarm.userRequired', {}, ['user']))
    }
  })
  .transform(({ user, pass, timeoutMs: timeout, ...rest }) => ({
    ...rest,
    ...(user !== undefined && pass !== undefined ? { user, pass } : {}),
    ...(timeout !== undefined ? { timeoutMs: timeout } : {}),
  }))

/** Who hears of a dead executor or a lost node by mail: comma-separated addresses. */
const alertEmail = z
  .string()
  .trim()
  .max(ALERT_EMAIL_MAX_CHARS)
  .superRefine((list, context) => {
    const wrong = splitAddressList(list).find((address) => !emailAddress.safeParse(address).success)
    if (wrong !== undefined) context.addIssue(codedIssue('alarm.alertEmail', { got: quote(wrong.slice(0, 120)) }))
  })

/** Alarm channels as the settings page sends them and the settings table keeps them. */
export const alarmSettingsSchema = z
  .strictObject({
    webhooks: z.array(webhook).max(WEBHOOKS_MAX).default([]),
    smtp: smtp.nullable().default(null),
    desktop: z.boolean().default(DEFAULT_ALARM_SETTINGS.desktop),
    alertEmail: alertEmail.optional(),
    imChannels: z.array(imChannel).max(IM_CHANNELS_MAX).default([]),
  })
  .superRefine((settings, context) => {
    const seen = new Set<string>()
    settings.webhooks.forEach((w, i) => {
      if (seen.has(w.url)) context.addIssue(codedIssue('alarm.webhookTwice', { url: w.url.slice(0, 200) }, ['webhooks', i, 'url']))
      seen.add(w.url)
    })
    const names = new Set<string>()
    settings.imChannels.forEach((c, i) => {
      if (names.has(c.name)) context.addIssue(codedIssue('alarm.imNameTwice', { name: c.name }, ['imChannels', i, 'name']))
      names.add(c.name)
    })
  })

/**
 * Checks alarm settings from the UI or the settings table; the first problem throws a
 * ValidationError naming the field (e.g. `webhooks[1].timeoutMs`, `smtp.port`) and the rule.
 * Missing top-level fields take the defaults of `DEFAULT_ALARM_SETTINGS`; text is trimmed; the
 * optional timeouts and retries stay absent when absent (the channels apply the defaults).
 */
export function validateAlarmSettings(raw: unknown): AlarmSettings {
  const settings = parseInput(alarmSettingsSchema, raw, 'alarms')
  return {
    desktop: settings.desktop,
    smtp: settings.smtp,
    ...(settings.alertEmail ? { alertEmail: joinAddressList(splitAddressList(settings.alertEmail)) } : {}),
    webhooks: settings.webhooks.map((w) => ({
      url: w.url,
      ...(w.headers !== undefined ? { headers: w.headers } : {}),
      ...(w.timeoutMs !== undefined ? { timeoutMs: w.timeoutMs } : {}),
      ...(w.retries !== undefined ? { retries: w.retries } : {}),
    })),
    ...(settings.imChannels.length > 0
      ? {
          imChannels: settings.imChannels.map((c) => ({
            type: c.type,
            name: c.name,
            url: c.url,
            ...(c.secret !== undefined ? { secret: c.secret } : {}),
            language: c.language,
            events: c.events,
          })),
        }
      : {}),
  }
}

/** One recipient for a test mail. */
export function isEmailAddress(text: string): boolean {
  return emailAddress.safeParse(text).success
}

/** A webhook URL to test: the same rule as a configured one. */
export function checkWebhookUrl(raw: unknown): string {
  return parseInput(httpUrl, raw, 'url')
}
