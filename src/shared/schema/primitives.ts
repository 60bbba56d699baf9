import type { ErrorParams } from '../errors'
import { codedIssue } from '../messages/coded-errors'
import { coded, type MessageCode } from '../messages'
import { quote } from './describe-value'
import { splitAddressList } from '../address-list'
import { IM_CHANNEL_NAME } from '../alarm-targets'
import { z } from './z'

/**
 * The building blocks every boundary schema uses, so one rule means one thing everywhere: an id,
 * a time, an e-mail address, an executor address, an app name.
 */

/** A row id: a positive whole number. */
export const id = z.int().min(1)

/** 9999-12-31T23:59:59.999Z: the last instant a date folder or a report day can be formed for. */
export const MAX_EPOCH_MS = 253_402_300_799_999

/** Epoch milliseconds within the years 1970-9999 (a larger value has no calendar date). */
export const epochMs = z.int().min(0).max(MAX_EPOCH_MS)

/** Text of at most `max` characters, as given. */
export function text(max: number) {
  return z.string().max(max)
}

/** Text trimmed of surrounding whitespace, then at most `max` characters. */
export function trimmedText(max: number) {
  return z.string().trim().max(max)
}

/** Non-blank text (trimmed), at most `max` characters. */
export function requiredText(max: number) {
  return z.string().trim().min(1).max(max)
}

/** One e-mail address: the rule of the job editor, the alarm settings and the test e-mail alike. */
export const emailAddress = z.email()

/** `a@x.org, b@y.org` → `a@x.org,b@y.org`; every item must be an address. */
export const emailList = z
  .string()
  .max(1000)
  .transform((value, context) => {
    const list = splitAddressList(value)
    for (const item of list) {
      if (!emailAddress.safeParse(item).success) {
        context.addIssue(codedIssue('validation.email', { got: JSON.stringify(item.slice(0, 120)) }))
        return z.NEVER
      }
    }
    return list.join(',')
  })

/**
 * A job's alarm list: `a@x.org, #ops` → `a@x.org,#ops`; each item an address or an IM channel's
 * `#name` (whether that channel exists is the job service's to check: it knows the settings).
 */
export const alarmTargetList = z
  .string()
  .max(1000)
  .transform((value, context) => {
    const list = splitAddressList(value)
    for (const item of list) {
      const ok = item.startsWith('#') ? IM_CHANNEL_NAME.test(item.slice(1)) : emailAddress.safeParse(item).success
      if (!ok) {
        context.addIssue(codedIssue('validation.alarmTarget', { got: JSON.stringify(item.slice(0, 120)) }))
        return z.NEVER
      }
    }
    return list.join(',')
  })

/**
 * The app name rule of the executor-group editor, for every way a group comes to be (the editor,
 * the OpenAPI's addGroup, an executor registering, an import): 4-64 letters, digits, '.', '_' or
 * '-', starting with a letter or digit. No spaces, commas, control characters or markup.
 */
export const APP_NAME_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{3,63}$/
export const appName = z
  .string()
  .trim()
  .superRefine((value, context) => {
    if (!APP_NAME_PATTERN.test(value)) context.addIssue(codedIssue('validation.appName', { got: quote(value) }))
  })

/** An executor group's title, as the group editor takes it. */
export const GROUP_NAME_MAX_CHARS = 64

export const EXECUTOR_ADDRESS_MAX_CHARS = 500

/** A problem of an input, as its message code and parameters (English via `englishMessage`). */
export interface CodedProblem {
  code: MessageCode
  params: ErrorParams
}

/**
 * Why `text` is not one absolute http(s) URL an executor can be reached at (no spaces, commas or
 * credentials in it), or null when it is one.
 */
export function executorAddressProblem(text: string): CodedProblem | null {
  const got = JSON.stringify(text.slice(0, 120))
  if (text.length > EXECUTOR_ADDRESS_MAX_CHARS) return coded('validation.addressTooLong', { got, length: text.length, max: EXECUTOR_ADDRESS_MAX_CHARS })
  const problem = (name: 'oneAddress' | 'notUrl' | 'notHttp' | 'credentials' | 'noHost') => coded('validation.address', { got, problem: name })
  if (/[\s,]/.test(text)) return problem('oneAddress')
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return problem('notUrl')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return problem('notHttp')
  if (url.username !== '' || url.password !== '') return problem('credentials')
  if (url.hostname === '') return problem('noHost')
  return null
}

/** One LAN executor's base URL, e.g. `http://10.0.0.5:9999/` (trimmed). */
export const executorAddress = z
  .string()
  .trim()
  .superRefine((value, context) => {
    const problem = executorAddressProblem(value)
    if (problem) context.addIssue(codedIssue(problem.code, problem.params))
  })

/** An http(s) URL JobDesk calls itself (webhooks): absolute, no credentials in it, at most 2000 characters. */
export const httpUrl = z
  .string()
  .trim()
  .min(1)
  .max(2000)
  .superRefine((value, context) => {
    if (value === '') return
    let url: URL | null = null
    try {
      url = new URL(value)
    } catch {
      // reported below
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      context.addIssue(codedIssue('validation.url', { got: JSON.stringify(value.slice(0, 120)) }))
    }
  })
