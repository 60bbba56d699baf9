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

/** The schedule's description for CRON, or null (FIX_RATE and NONE are described by the UI text). */
export function describeSchedule(scheduleType: ScheduleType, scheduleConf: string, language: Language): string | null {
  return scheduleType === 'CRON' ? describeCron(scheduleConf, language) : null
}
