import type { ErrorParams, ValidationError } from '../../shared/errors'
import { invalidField } from '../../shared/messages/coded-errors'
import type { MessageCode } from '../../shared/messages'
import { CRON_FIELDS, DAY_OF_MONTH, DAY_OF_WEEK, type CronField } from './cron-fields'

/** A Quartz expression checked field by field, with the equivalent croner pattern. */
export interface QuartzCron {
  /** The expression as given, trimmed. */
  readonly expression: string
  /**
   * The same schedule in the croner dialect we configure (Quartz weekdays 1 = SUN): numbers instead of
   * names, `?` as `*`, open steps as explicit ranges, and wrap-around ranges (`FRI-MON`, `22-2`) split in two,
   * which croner rejects but Quartz accepts.
   */
  readonly pattern: string
}

const WHITESPACE = /\s+/
const DIGITS = /^\d+$/
const LETTERS = /^[A-Z]+$/
const VALUE_TOKEN = /^(\d+|[A-Z]{3})$/
const NEAREST_WEEKDAY = /^(\d+)W$/
const LAST_WEEKDAY = /^(\d+|[A-Z]{3})L$/
const NTH_WEEKDAY = /^(\d+|[A-Z]{3})#(.*)$/
const LAST_OFFSET = /^L-\d+$/
/** Tokens that are Quartz's L and W forms, for saying which field they belong in. */
const L_FORM = /^(\d*L|LW|L-\d+)$/
const W_FORM = /^(\d*W|LW)$/

/** One list entry: as written, its croner text, and whether Quartz requires it to be the whole field. */
interface Item {
  readonly source: string
  readonly text: string
  readonly alone: boolean
}

/**
 * Checks a Quartz cron expression and translates it for croner.
 * @throws ValidationError on `scheduleConf`, naming the cron field and the rule that failed.
 */
export function parseQuartzCron(expression: string): QuartzCron {
  const trimmed = expression.trim()
  if (trimmed === '') throw invalid('cron.required')
  const texts = trimmed.toUpperCase().split(WHITESPACE)
  if (texts.length < 6 || texts.length > 7) throw invalid('cron.fieldCount', { count: texts.length })
  const parts = texts.map((text, i) => parseField(text, { expression: trimmed, cronField: CRON_FIELDS[i].name }, CRON_FIELDS[i]))
  const domRestricted = texts[3] !== '*' && texts[3] !== '?'
  const dowRestricted = texts[5] !== '*' && texts[5] !== '?'
  if (domRestricted && dowRestricted) {
    throw invalid('cron.bothDays', { expression: trimmed, dayOfMonth: texts[3], dayOfWeek: texts[5] })
  }
  return { expression: trimmed, pattern: parts.join(' ') }
}

/** Which expression and field a problem is in: the first two parameters of every field message. */
interface Where {
  expression: string
  cronField: CronField['name']
}

function parseField(text: string, where: Where, field: CronField): string {
  const items = text.split(',').map((item) => parseItem(item, field, where))
  if (items.length > 1) {
    const lone = items.find((item) => item.alone)
    if (lone) throw invalid('cron.mustStandAlone', { ...where, text, item: lone.source })
  }
  return items.map((item) => item.text).join(',')
}

function parseItem(item: string, field: CronField, where: Where): Item {
  if (item === '') throw invalid('cron.emptyEntry', { ...where })
  if (item === '?') {
    if (field !== DAY_OF_MONTH && field !== DAY_OF_WEEK) throw invalid('cron.questionMarkField', { ...where })
    return { source: item, text: '*', alone: true }
  }
  if (item === '*') return { source: item, text: '*', alone: true }
  if ((field === DAY_OF_MONTH || field === DAY_OF_WEEK) && LAST_OFFSET.test(item)) {
    throw invalid('cron.lastOffset', { ...where, item })
  }
  if (field === DAY_OF_MONTH) {
    const special = parseDayOfMonthSpecial(item, where)
    if (special) return special
  }
  if (field === DAY_OF_WEEK) {
    const special = parseDayOfWeekSpecial(item, where)
    if (special) return special
  }
  return { source: item, text: parseRangeItem(item, field, where), alone: false }
}

function parseDayOfMonthSpecial(item: string, where: Where): Item | undefined {
  if (item === 'L' || item === 'LW') return { source: item, text: item, alone: true }
  const nearest = NEAREST_WEEKDAY.exec(item)
  if (!nearest) return undefined
  return { source: item, text: `${parseValue(nearest[1], DAY_OF_MONTH, where, item)}W`, alone: true }
}

function parseDayOfWeekSpecial(item: string, where: Where): Item | undefined {
  if (item === 'L') throw invalid('cron.loneL', { ...where })
  const last = LAST_WEEKDAY.exec(item)
  if (last) return { source: item, text: `${parseValue(last[1], DAY_OF_WEEK, where, item)}#L`, alone: true }
  const nth = NTH_WEEKDAY.exec(item)
  if (!nth) return undefined
  const weekday = parseValue(nth[1], DAY_OF_WEEK, where, item)
  if (nth[2] === 'L') throw invalid('cron.nthLast', { ...where, item, weekday: nth[1] })
  if (!DIGITS.test(nth[2])) throw invalid('cron.nthNotNumber', { ...where, item })
  const occurrence = Number(nth[2])
  if (occurrence < 1 || occurrence > 5) throw invalid('cron.nthRange', { ...where, item, occurrence })
  return { source: item, text: `${weekday}#${occurrence}`, alone: true }
}

/** `a`, `a-b`, `a/n`, `a-b/n`, `*\/n` and `/n` (Quartz reads a bare `/n` as `*\/n`). */
function parseRangeItem(item: string, field: CronField, where: Where): string {
  const slash = item.indexOf('/')
  const base = slash < 0 ? item : item.slice(0, slash)
  const step = slash < 0 ? undefined : parseStep(item.slice(slash + 1), field, where, item)
  if (base === '' || base === '*') {
    if (step === undefined) throw invalid('cron.invalidItem', { ...where, item })
    return `${field.min}-${field.max}/${step}`
  }
  const dash = base.indexOf('-')
  if (dash < 0) {
    const value = parseValue(base, field, where, item)
    return step === undefined ? `${value}` : `${value}-${field.max}/${step}`
  }
  const from = parseValue(base.slice(0, dash), field, where, item)
  const to = parseValue(base.slice(dash + 1), field, where, item)
  if (from <= to) return withStep(`${from}-${to}`, step)
  if (field.name === 'year') throw invalid('cron.backwards', { ...where, from, to })
  return splitWrappingRange(from, to, step ?? 1, field, step !== undefined)
}

/**
 * Quartz lets a range run past the end of the field and wrap (`22-2` hours = 22,23,0,1,2; `FRI-MON`), with
 * the step counted across the wrap; croner needs the two halves written out.
 */
function splitWrappingRange(from: number, to: number, step: number, field: CronField, explicitStep: boolean): string {
  const cycle = field.max - field.min + 1
  const suffix = explicitStep ? `/${step}` : ''
  const head = from === field.max ? `${from}` : `${from}-${field.max}${suffix}`
  const firstAfterWrap = from + Math.ceil((field.max + 1 - from) / step) * step - cycle
  if (firstAfterWrap > to) return head
  const tail = firstAfterWrap === to ? `${to}` : `${firstAfterWrap}-${to}${suffix}`
  return `${head},${tail}`
}

function withStep(range: string, step: number | undefined): string {
  return step === undefined ? range : `${range}/${step}`
}

function parseStep(text: string, field: CronField, where: Where, item: string): number {
  if (!DIGITS.test(text)) throw invalid('cron.stepNotNumber', { ...where, item, maxStep: field.maxStep })
  const step = Number(text)
  if (step < 1 || step > field.maxStep) throw invalid('cron.stepRange', { ...where, item, step, maxStep: field.maxStep })
  return step
}

function parseValue(token: string, field: CronField, where: Where, item: string): number {
  if (DIGITS.test(token)) {
    const value = Number(token)
    if (value < field.min || value > field.max) throw invalid('cron.outOfRange', { ...where, value, range: field.rangeText })
    return value
  }
  if (field.names && VALUE_TOKEN.test(token)) {
    const index = field.names.indexOf(token)
    if (index >= 0) return field.min + index
  }
  throw badToken(token, field, where, item)
}

function badToken(token: string, field: CronField, where: Where, item: string): ValidationError {
  if (token.includes('?')) return invalid('cron.questionMarkAlone', { ...where })
  if (token.includes('#')) return invalid('cron.hashOnlyDayOfWeek', { ...where, item })
  if (L_FORM.test(token) && field !== DAY_OF_MONTH && field !== DAY_OF_WEEK) return invalid('cron.lOnlyDays', { ...where })
  if (W_FORM.test(token) && field !== DAY_OF_MONTH) return invalid('cron.wOnlyDayOfMonth', { ...where })
  if (field.names && LETTERS.test(token)) {
    const nameKind = field === DAY_OF_WEEK ? 'weekday' : 'month'
    return invalid('cron.badName', { ...where, token, nameKind, first: field.names[0], last: field.names[field.names.length - 1] })
  }
  const code = field === DAY_OF_MONTH ? 'cron.badTokenDayOfMonth' : field === DAY_OF_WEEK ? 'cron.badTokenDayOfWeek' : 'cron.badToken'
  return invalid(code, { ...where, item, range: field.rangeText })
}

function invalid(code: MessageCode, params: ErrorParams = {}): ValidationError {
  return invalidField('scheduleConf', code, params)
}
