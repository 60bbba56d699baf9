import { CronExpressionParser } from 'cron-parser'
import { describe, expect, it } from 'vitest'
import { cronNextFireMs } from './cron'

/**
 * Why JobDesk reads XXL-JOB's Quartz cron with croner (through cron-parse.ts) and not with
 * cron-parser, which the design first named: each Quartz feature, one expression, the fire Quartz
 * gives after a fixed time, and what each library answers. The verdicts are asserted, so
 * docs/development.md ("Cron library") cannot drift from what the libraries do.
 */
const FROM = '2026-02-01T00:00:00Z'
const FEATURES: { feature: string; expression: string; quartz: string }[] = [
  { feature: 'seconds field', expression: '30 15 10 * * ?', quartz: '2026-02-01T10:15:30Z' },
  { feature: '? in day-of-month', expression: '0 0 12 ? * MON', quartz: '2026-02-02T12:00:00Z' },
  { feature: 'L, last day of the month', expression: '0 0 9 L * ?', quartz: '2026-02-28T09:00:00Z' },
  { feature: 'W, nearest weekday', expression: '0 0 9 15W * ?', quartz: '2026-02-16T09:00:00Z' },
  { feature: 'LW, last weekday', expression: '0 0 9 LW * ?', quartz: '2026-02-27T09:00:00Z' },
  { feature: '#, n-th weekday (6#3: third Friday)', expression: '0 0 9 ? * 6#3', quartz: '2026-02-20T09:00:00Z' },
  { feature: 'year field', expression: '0 0 9 1 3 ? 2027', quartz: '2027-03-01T09:00:00Z' },
  { feature: 'Quartz weekday numbers (2 = Monday)', expression: '0 0 9 ? * 2', quartz: '2026-02-02T09:00:00Z' },
]

function croner(expression: string): string {
  try {
    const next = cronNextFireMs(expression, 'UTC', Date.parse(FROM))
    return next === null ? 'none' : new Date(next).toISOString().replace('.000', '')
  } catch {
    return 'refused'
  }
}

function cronParser(expression: string): string {
  try {
    return CronExpressionParser.parse(expression, { currentDate: FROM, tz: 'UTC' }).next().toISOString()!.replace('.000', '')
  } catch {
    return 'refused'
  }
}

describe('Quartz features, croner against cron-parser', () => {
  it('croner, as JobDesk drives it, gives Quartz’s fire for every feature', () => {
    expect(FEATURES.map((f) => [f.feature, croner(f.expression)])).toEqual(FEATURES.map((f) => [f.feature, f.quartz]))
  })

  it('cron-parser misses W, LW and the year, and reads Quartz weekday numbers a day off', () => {
    const verdicts = Object.fromEntries(FEATURES.map((f) => [f.feature, cronParser(f.expression) === f.quartz ? 'as Quartz' : cronParser(f.expression)]))
    expect(verdicts).toEqual({
      'seconds field': 'as Quartz',
      '? in day-of-month': 'as Quartz',
      'L, last day of the month': 'as Quartz',
      'W, nearest weekday': 'refused',
      'LW, last weekday': 'refused',
      '#, n-th weekday (6#3: third Friday)': '2026-02-21T09:00:00Z',
      'year field': 'refused',
      'Quartz weekday numbers (2 = Monday)': '2026-02-03T09:00:00Z',
    })
  })
})
