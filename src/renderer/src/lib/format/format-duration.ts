import type { Language } from '../../i18n/dictionary'

type DurationUnit = 'millisecond' | 'second' | 'minute' | 'hour' | 'day'

const UNIT_MS: readonly [Exclude<DurationUnit, 'millisecond'>, number][] = [
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
]

const numberFormats = new Map<string, Intl.NumberFormat>()
const relativeFormats = new Map<Language, Intl.RelativeTimeFormat>()

function unitFormat(language: Language, unit: DurationUnit, fractionDigits: number): Intl.NumberFormat {
  const key = `${language}/${unit}/${fractionDigits}`
  let format = numberFormats.get(key)
  if (!format) {
    format = new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short', maximumFractionDigits: fractionDigits })
    numberFormats.set(key, format)
  }
  return format
}

/** One amount of one unit in `language`: "6 ms" and "6毫秒", "8 sec" and "8秒". */
function amount(language: Language, unit: DurationUnit, n: number, fractionDigits = 0): string {
  return unitFormat(language, unit, fractionDigits).format(n)
}

/**
 * A duration in the operator's language, at most two units, the larger first: "850 ms", "12 sec",
 * "4 min 5 sec", "3 hr 2 min" in English, "850毫秒", "12秒", "4分钟5秒" in Chinese. Below a second
 * it keeps one decimal under 10 ms (a trigger's 1.2 ms), so a short call does not read as 0.
 */
export function formatDuration(ms: number, language: Language): string {
  if (!(ms > 0)) ms = 0
  if (ms < 1000) return amount(language, 'millisecond', ms, ms < 10 ? 1 : 0)
  const index = UNIT_MS.findIndex(([, size]) => ms >= size)
  const [unit, size] = UNIT_MS[index]
  const parts = [amount(language, unit, Math.floor(ms / size))]
  // Two units say enough: "3 hr 2 min" is as precise as anyone reads a run's length.
  const next = UNIT_MS[index + 1]
  const rest = next ? Math.floor((ms % size) / next[1]) : 0
  if (next && rest > 0) parts.push(amount(language, next[0], rest))
  // Chinese writes its units without spaces ("4分钟5秒"), English with ("4 min 5 sec").
  return parts.join(language === 'zh-CN' ? '' : ' ')
}

function relativeFormat(language: Language): Intl.RelativeTimeFormat {
  let format = relativeFormats.get(language)
  if (!format) {
    format = new Intl.RelativeTimeFormat(language, { numeric: 'always', style: 'short' })
    relativeFormats.set(language, format)
  }
  return format
}

/** The largest unit of `ms` that is at least one, and how many of it (whole ones, or to `fractionDigits` under a minute). */
function largestUnit(ms: number, fractionDigits: number): [Intl.RelativeTimeFormatUnit, number] {
  const scale = 10 ** fractionDigits
  if (ms < 60_000) return ['second', Math.floor((ms / 1000) * scale) / scale]
  for (const [unit, size] of UNIT_MS) if (ms >= size) return [unit, Math.floor(ms / size)]
  return ['second', 0]
}

/**
 * How long ago something was, `ageMs` before now, in its largest unit: "8 sec. ago", "8秒前",
 * "2分钟前". `fractionDigits` keeps tenths of seconds under a minute, for a heartbeat a second apart.
 */
export function formatAgo(ageMs: number, language: Language, fractionDigits = 0): string {
  const [unit, n] = largestUnit(Math.max(0, ageMs), fractionDigits)
  return relativeFormat(language).format(-n, unit)
}
