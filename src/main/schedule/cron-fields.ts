/**
 * The seven fields of a Quartz cron expression as XXL-JOB stores it in `schedule_conf`:
 * `second minute hour day-of-month month day-of-week [year]`.
 */

export type CronFieldName = 'second' | 'minute' | 'hour' | 'day-of-month' | 'month' | 'day-of-week' | 'year'

export interface CronField {
  readonly name: CronFieldName
  readonly min: number
  readonly max: number
  /** Largest step Quartz accepts after `/` (its "Increment > n" checks). */
  readonly maxStep: number
  /** Three-letter names for min, min+1, … (months and weekdays only). */
  readonly names?: readonly string[]
  /** How the allowed values are described in messages. */
  readonly rangeText: string
}

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'] as const
/** Quartz numbering: 1 = SUN … 7 = SAT. */
const WEEKDAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'] as const

export const CRON_FIELDS: readonly CronField[] = [
  { name: 'second', min: 0, max: 59, maxStep: 59, rangeText: '0-59' },
  { name: 'minute', min: 0, max: 59, maxStep: 59, rangeText: '0-59' },
  { name: 'hour', min: 0, max: 23, maxStep: 23, rangeText: '0-23' },
  { name: 'day-of-month', min: 1, max: 31, maxStep: 31, rangeText: '1-31' },
  { name: 'month', min: 1, max: 12, maxStep: 12, names: MONTH_NAMES, rangeText: '1-12 or JAN-DEC' },
  { name: 'day-of-week', min: 1, max: 7, maxStep: 7, names: WEEKDAY_NAMES, rangeText: '1-7 or SUN-SAT (1 = SUN)' },
  { name: 'year', min: 1970, max: 2099, maxStep: 129, rangeText: '1970-2099' },
]

export const DAY_OF_MONTH = CRON_FIELDS[3]
export const DAY_OF_WEEK = CRON_FIELDS[5]
