import cronstrue from 'cronstrue'
import 'cronstrue/locales/zh_CN'
import type { ScheduleType } from '../../../../shared/model'
import type { Language } from '../../i18n/dictionary'

const CRONSTRUE_LOCALE: Record<Language, string> = { en: 'en', 'zh-CN': 'zh_CN' }

/**
 * A human description of a Quartz cron expression (seconds first, optional year, `?`), or null
 * when cronstrue cannot read it. Quartz numbers weekdays 1 = Sunday … 7 = Saturday, so
 * `dayOfWeekStartIndexZero: false`; the core's validation stays the authority on validity.
 */
export function describeCron(expression: string, language: Language): string | null {
  const trimmed = expression.trim()
  if (trimmed === '') return null
  const key = `${language}|${trimmed}`
  const cached = descriptions.get(key)
  if (cached !== undefined) return cached
  const description = describeUncached(trimmed, language)
  // Tables show the same few expressions on many rows: describe each once (bounded, oldest out).
  if (descriptions.size >= DESCRIPTION_CACHE_SIZE) descriptions.delete(descriptions.keys().next().value!)
  descriptions.set(key, description)
  return description
}

const DESCRIPTION_CACHE_SIZE = 2000
const descriptions = new Map<string, string | null>()

function describeUncached(trimmed: string, language: Language): string | null {
  try {
    return cronstrue.toString(trimmed, {
      dayOfWeekStartIndexZero: false,
      use24HourTimeFormat: true,
      throwExceptionOnParseError: true,
      locale: CRONSTRUE_LOCALE[language],
    })
  } catch {
    return null
  }
}

/** The schedule's description for CRON and BUSINESS_DAY, or null (FIX_RATE and NONE are described by the UI text). */
export function describeSchedule(scheduleType: ScheduleType, scheduleConf: string, language: Language): string | null {
  if (scheduleType === 'CRON') return describeCron(scheduleConf, language)
  return scheduleType === 'BUSINESS_DAY' ? describeBusinessDays(scheduleConf, language) : null
}

const BUSINESS_DAY_CONF = /^\s*(BD-?\d+(?:\s*,\s*BD-?\d+)*)\s+(\d{1,2}:\d{2}(?::\d{2})?)\s*$/i

/**
 * `BD1,BD-2 09:00` → "At 09:00 on the 1st and the 2nd-last business day of the month", or null
 * when the text is not that shape (the core's validation says what is wrong).
 */
export function describeBusinessDays(conf: string, language: Language): string | null {
  const match = BUSINESS_DAY_CONF.exec(conf)
  if (match === null) return null
  const days = match[1].split(',').map((entry) => Number(entry.trim().slice(2)))
  if (days.some((n) => n === 0)) return null
  if (language === 'zh-CN') {
    const names = days.map((n) => (n > 0 ? `第 ${n} 个` : n === -1 ? '最后一个' : `倒数第 ${-n} 个`))
    return `每月${names.join('、')}工作日 ${match[2]}`
  }
  const names = days.map((n) => (n > 0 ? `the ${ordinal(n)}` : n === -1 ? 'the last' : `the ${ordinal(-n)}-last`))
  return `At ${match[2]} on ${names.join(' and ')} business day of the month`
}

function ordinal(n: number): string {
  const tens = n % 100
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th')
  return `${n}${suffix}`
}
