import { ValidationError } from '../../shared/errors'
import { CRON_FIELDS, DAY_OF_MONTH, DAY_OF_WEEK, FIELD_COUNT_TEXT, type CronField } from './cron-fields'

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
  if (trimmed === '') throw invalid('a CRON schedule needs an expression')
  const texts = trimmed.toUpperCase().split(WHITESPACE)
  if (texts.length < 6 || texts.length > 7) {
    throw invalid(`expected 6 or 7 fields (${FIELD_COUNT_TEXT}), got ${texts.length}`)
  }
  const quoted = `'${trimmed}'`
  const parts = texts.map((text, i) => parseField(text, CRON_FIELDS[i], quoted))
  const domRestricted = texts[3] !== '*' && texts[3] !== '?'
  const dowRestricted = texts[5] !== '*' && texts[5] !== '?'
  if (domRestricted && dowRestricted) {
    throw invalid(
      `${quoted} day-of-month '${texts[3]}' and day-of-week '${texts[5]}' are both restricted; ` +
        `Quartz does not support that combination, set one of them to '?'`,
    )
  }
  return { expression: trimmed, pattern: parts.join(' ') }
}

function parseField(text: string, field: CronField, quoted: string): string {
  const items = text.split(',').map((item) => parseItem(item, field, quoted))
  if (items.length > 1) {
    const lone = items.find((item) => item.alone)
    if (lone) throw invalid(`${quoted} ${field.name} '${text}': '${lone.source}' must stand alone, not in a list`)
  }
  return items.map((item) => item.text).join(',')
}

function parseItem(item: string, field: CronField, quoted: string): Item {
  const where = `${quoted} ${field.name}`
  if (item === '') throw invalid(`${where} has an empty entry in its list`)
  if (item === '?') {
    if (field !== DAY_OF_MONTH && field !== DAY_OF_WEEK) {
      throw invalid(`${where} '?' is only allowed in day-of-month or day-of-week`)
    }
    return { source: item, text: '*', alone: true }
  }
  if (item === '*') return { source: item, text: '*', alone: true }
  if ((field === DAY_OF_MONTH || field === DAY_OF_WEEK) && LAST_OFFSET.test(item)) {
    throw invalid(`${where} '${item}' is not supported (offsets before the last day, L-n, are not available; use L or LW)`)
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

function parseDayOfMonthSpecial(item: string, where: string): Item | undefined {
  if (item === 'L' || item === 'LW') return { source: item, text: item, alone: true }
  const nearest = NEAREST_WEEKDAY.exec(item)
  if (!nearest) return undefined
  return { source: item, text: `${parseValue(nearest[1], DAY_OF_MONTH, where, item)}W`, alone: true }
}

function parseDayOfWeekSpecial(item: string, where: string): Item | undefined {
  if (item === 'L') {
    throw invalid(
      `${where} 'L' is not supported (Quartz reads a lone L as Saturday: write 7 or SAT; ` +
        `nL means the last weekday n of the month, e.g. 6L = last Friday)`,
    )
  }
  const last = LAST_WEEKDAY.exec(item)
  if (last) return { source: item, text: `${parseValue(last[1], DAY_OF_WEEK, where, item)}#L`, alone: true }
  const nth = NTH_WEEKDAY.exec(item)
  if (!nth) return undefined
  const weekday = parseValue(nth[1], DAY_OF_WEEK, where, item)
  if (nth[2] === 'L') throw invalid(`${where} '${item}' is not Quartz syntax: write ${nth[1]}L for the last one in the month`)
  if (!DIGITS.test(nth[2])) throw invalid(`${where} '${item}': the occurrence after '#' must be a number 1-5`)
  const occurrence = Number(nth[2])
  if (occurrence < 1 || occurrence > 5) throw invalid(`${where} '${item}': occurrence ${occurrence} is out of range 1-5`)
  return { source: item, text: `${weekday}#${occurrence}`, alone: true }
}

/** `a`, `a-b`, `a/n`, `a-b/n`, `*\/n` and `/n` (Quartz reads a bare `/n` as `*\/n`). */
function parseRangeItem(item: string, field: CronField, where: string): string {
  const slash = item.indexOf('/')
  const base = slash < 0 ? item : item.slice(0, slash)
  const step = slash < 0 ? undefined : parseStep(item.slice(slash + 1), field, where, item)
  if (base === '' || base === '*') {
    if (step === undefined) throw invalid(`${where} '${item}' is not valid`)
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
  if (field.name === 'year') throw invalid(`${where} range ${from}-${to} runs backwards`)
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

function parseStep(text: string, field: CronField, where: string, item: string): number {
  if (!DIGITS.test(text)) throw invalid(`${where} '${item}': the step after '/' must be a number 1-${field.maxStep}`)
  const step = Number(text)
  if (step < 1 || step > field.maxStep) throw invalid(`${where} '${item}': step ${step} is out of range 1-${field.maxStep}`)
  return step
}

function parseValue(token: string, field: CronField, where: string, item: string): number {
  if (DIGITS.test(token)) {
    const value = Number(token)
    if (value < field.min || value > field.max) throw invalid(`${where} ${value} is out of range ${field.rangeText}`)
    return value
  }
  if (field.names && VALUE_TOKEN.test(token)) {
    const index = field.names.indexOf(token)
    if (index >= 0) return field.min + index
  }
  throw invalid(describeBadToken(token, field, where, item))
}

function describeBadToken(token: string, field: CronField, where: string, item: string): string {
  if (token.includes('?')) return `${where} '?' is only allowed alone in day-of-month or day-of-week`
  if (token.includes('#')) return `${where} '${item}': '#' is only allowed alone in day-of-week, as n#k (e.g. 6#3)`
  if (L_FORM.test(token) && field !== DAY_OF_MONTH && field !== DAY_OF_WEEK) {
    return `${where} 'L' is only allowed in day-of-month or day-of-week`
  }
  if (W_FORM.test(token) && field !== DAY_OF_MONTH) return `${where} 'W' is only allowed in day-of-month`
  if (field.names && LETTERS.test(token)) {
    const kind = field === DAY_OF_WEEK ? 'weekday' : 'month'
    return `${where} '${token}' is not a ${kind} name (${field.names[0]}-${field.names[field.names.length - 1]})`
  }
  const extras = field === DAY_OF_MONTH ? ', L, LW or nW' : field === DAY_OF_WEEK ? ', nL or n#k' : ''
  return `${where} '${item}' is not valid (expected ${field.rangeText}, a range a-b, a step a/n or */n, a list of these${extras})`
}

function invalid(message: string): ValidationError {
  return new ValidationError('scheduleConf', message)
}
