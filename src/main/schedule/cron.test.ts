import { describe, expect, it } from 'vitest'
import { nextFireTimeMs, previewFireTimes, type ScheduleSpec } from './next-fire'

const cron = (scheduleConf: string, timezone = 'UTC'): ScheduleSpec => ({ scheduleType: 'CRON', scheduleConf, timezone })
const at = (iso: string): number => Date.parse(iso)
const isoTimes = (times: number[]): string[] => times.map((ms) => new Date(ms).toISOString().replace('.000Z', 'Z'))
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const weekday = (ms: number): string => WEEKDAYS[new Date(ms).getUTCDay()]

describe('Quartz cron in UTC', () => {
  it('fires 0 15 10 ? * 6#3 on the third Friday of every month', () => {
    const times = previewFireTimes(cron('0 15 10 ? * 6#3'), at('2026-01-01T00:00:00Z'), 12)
    expect(isoTimes(times).slice(0, 5)).toEqual([
      '2026-01-16T10:15:00Z',
      '2026-02-20T10:15:00Z',
      '2026-03-20T10:15:00Z',
      '2026-04-17T10:15:00Z',
      '2026-05-15T10:15:00Z',
    ])
    // Every one a Friday between the 15th and the 21st, one per month.
    expect(times.map(weekday)).toEqual(Array(12).fill('Fri'))
    expect(times.every((ms) => new Date(ms).getUTCDate() >= 15 && new Date(ms).getUTCDate() <= 21)).toBe(true)
    expect(times.map((ms) => new Date(ms).getUTCMonth())).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11])
  })

  it('reads weekday names and lower case like numbers (FRI#3 = 6#3)', () => {
    const from = at('2026-01-01T00:00:00Z')
    expect(previewFireTimes(cron('0 15 10 ? * fri#3'), from, 3)).toEqual(previewFireTimes(cron('0 15 10 ? * 6#3'), from, 3))
  })

  it('fires L on the last day of each month, 29 February in a leap year and 28 otherwise', () => {
    expect(isoTimes(previewFireTimes(cron('0 0 12 L * ?'), at('2028-01-15T00:00:00Z'), 4))).toEqual([
      '2028-01-31T12:00:00Z',
      '2028-02-29T12:00:00Z',
      '2028-03-31T12:00:00Z',
      '2028-04-30T12:00:00Z',
    ])
    expect(isoTimes(previewFireTimes(cron('0 0 12 L * ?'), at('2026-02-01T00:00:00Z'), 2))).toEqual(['2026-02-28T12:00:00Z', '2026-03-31T12:00:00Z'])
  })

  it('moves 15W to the nearest weekday: Saturday to Friday, Sunday to Monday', () => {
    // 2026-02-15 is a Sunday, 2026-08-15 a Saturday, 2026-04-15 a Wednesday.
    expect(isoTimes([nextFireTimeMs(cron('0 0 12 15W * ?'), at('2026-02-01T00:00:00Z'))!])).toEqual(['2026-02-16T12:00:00Z'])
    expect(isoTimes([nextFireTimeMs(cron('0 0 12 15W * ?'), at('2026-08-01T00:00:00Z'))!])).toEqual(['2026-08-14T12:00:00Z'])
    expect(isoTimes([nextFireTimeMs(cron('0 0 12 15W * ?'), at('2026-04-01T00:00:00Z'))!])).toEqual(['2026-04-15T12:00:00Z'])
  })

  it('keeps 1W inside the month: a Saturday 1st moves forward to Monday the 3rd', () => {
    // 2026-08-01 is a Saturday (Friday 31 July would cross the month), 2026-11-01 a Sunday.
    expect(isoTimes([nextFireTimeMs(cron('0 0 12 1W * ?'), at('2026-07-15T00:00:00Z'))!])).toEqual(['2026-08-03T12:00:00Z'])
    expect(isoTimes([nextFireTimeMs(cron('0 0 12 1W * ?'), at('2026-10-15T00:00:00Z'))!])).toEqual(['2026-11-02T12:00:00Z'])
  })

  it('fires LW on the last weekday of the month', () => {
    // Last days: Sat 31 Jan, Sat 28 Feb, Tue 31 Mar, Thu 30 Apr, Sun 31 May 2026.
    expect(isoTimes(previewFireTimes(cron('0 0 18 LW * ?'), at('2026-01-01T00:00:00Z'), 5))).toEqual([
      '2026-01-30T18:00:00Z',
      '2026-02-27T18:00:00Z',
      '2026-03-31T18:00:00Z',
      '2026-04-30T18:00:00Z',
      '2026-05-29T18:00:00Z',
    ])
  })

  it('fires nL on the last given weekday of the month (6L = last Friday)', () => {
    expect(isoTimes(previewFireTimes(cron('0 0 12 ? * 6L'), at('2026-01-01T00:00:00Z'), 3))).toEqual([
      '2026-01-30T12:00:00Z',
      '2026-02-27T12:00:00Z',
      '2026-03-27T12:00:00Z',
    ])
    expect(previewFireTimes(cron('0 0 12 ? * FRIL'), at('2026-01-01T00:00:00Z'), 3)).toEqual(
      previewFireTimes(cron('0 0 12 ? * 6L'), at('2026-01-01T00:00:00Z'), 3),
    )
  })

  it('honours a 7th year field and returns null once that year is over', () => {
    const spec = cron('0 0 12 1 JAN ? 2027')
    expect(isoTimes([nextFireTimeMs(spec, at('2026-06-01T00:00:00Z'))!])).toEqual(['2027-01-01T12:00:00Z'])
    expect(nextFireTimeMs(spec, at('2027-01-01T12:00:00Z'))).toBeNull()
    expect(nextFireTimeMs(cron('0 0 12 * * ? 2020'), at('2026-06-01T00:00:00Z'))).toBeNull()
    expect(previewFireTimes(cron('0 0 12 1 1 ? 2027-2028'), at('2026-06-01T00:00:00Z'), 5)).toHaveLength(2)
  })

  it('fires 0/2 * * * * ? on every even second, strictly after the reference time', () => {
    const times = previewFireTimes(cron('0/2 * * * * ?'), at('2026-03-01T10:00:00.500Z'), 40)
    expect(isoTimes(times.slice(0, 3))).toEqual(['2026-03-01T10:00:02Z', '2026-03-01T10:00:04Z', '2026-03-01T10:00:06Z'])
    expect(times.every((ms, i) => ms % 2000 === 0 && (i === 0 || ms - times[i - 1] === 2000))).toBe(true)
    expect(nextFireTimeMs(cron('0/2 * * * * ?'), at('2026-03-01T10:00:02Z'))).toBe(at('2026-03-01T10:00:04Z'))
  })

  it('reads steps with a start, within a range and without a start', () => {
    const from = at('2026-03-01T10:00:00Z')
    expect(isoTimes(previewFireTimes(cron('10-50/20 * * * * ?'), from, 4))).toEqual([
      '2026-03-01T10:00:10Z',
      '2026-03-01T10:00:30Z',
      '2026-03-01T10:00:50Z',
      '2026-03-01T10:01:10Z',
    ])
    expect(previewFireTimes(cron('0 */5 * * * ?'), from, 3)).toEqual(previewFireTimes(cron('0 0/5 * * * ?'), from, 3))
    // Quartz starts */n and /n at the field's minimum: day-of-month 1, 6, 11, …
    expect(isoTimes(previewFireTimes(cron('0 0 0 /10 * ?'), from, 3))).toEqual(['2026-03-11T00:00:00Z', '2026-03-21T00:00:00Z', '2026-03-31T00:00:00Z'])
  })

  it('numbers weekdays the Quartz way: 2-6 is Monday to Friday and 1 is Sunday', () => {
    // 2026-01-03 is a Saturday.
    const weekdays = previewFireTimes(cron('0 0 9 ? * 2-6'), at('2026-01-03T00:00:00Z'), 6)
    expect(weekdays.map(weekday)).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Mon'])
    expect(isoTimes([weekdays[0]])).toEqual(['2026-01-05T09:00:00Z'])
    expect(previewFireTimes(cron('0 0 9 ? * 1'), at('2026-01-03T00:00:00Z'), 3).map(weekday)).toEqual(['Sun', 'Sun', 'Sun'])
    expect(previewFireTimes(cron('0 0 9 ? * 7'), at('2026-01-01T00:00:00Z'), 2).map(weekday)).toEqual(['Sat', 'Sat'])
  })

  it('accepts month and weekday names, including ranges and lists', () => {
    const times = previewFireTimes(cron('0 0 9 ? JAN,JUL MON-FRI'), at('2026-01-29T00:00:00Z'), 4)
    expect(isoTimes(times)).toEqual(['2026-01-29T09:00:00Z', '2026-01-30T09:00:00Z', '2026-07-01T09:00:00Z', '2026-07-02T09:00:00Z'])
  })

  it('wraps ranges past the end of a field as Quartz does (22-2 hours, FRI-MON, NOV-FEB)', () => {
    expect(previewFireTimes(cron('0 0 22-2 * * ?'), at('2026-01-01T12:00:00Z'), 6).map((ms) => new Date(ms).getUTCHours())).toEqual([22, 23, 0, 1, 2, 22])
    // The step runs across the wrap: 22, 0, 2.
    expect(previewFireTimes(cron('0 0 22-2/2 * * ?'), at('2026-01-01T12:00:00Z'), 4).map((ms) => new Date(ms).getUTCHours())).toEqual([22, 0, 2, 22])
    expect(previewFireTimes(cron('0 0 9 ? * FRI-MON'), at('2026-01-01T12:00:00Z'), 5).map(weekday)).toEqual(['Fri', 'Sat', 'Sun', 'Mon', 'Fri'])
    expect(previewFireTimes(cron('0 0 0 1 NOV-FEB ?'), at('2026-06-01T00:00:00Z'), 5).map((ms) => new Date(ms).getUTCMonth() + 1)).toEqual([11, 12, 1, 2, 11])
  })

  it('returns null for a day that never exists', () => {
    expect(nextFireTimeMs(cron('0 0 0 30 2 ?'), at('2026-01-01T00:00:00Z'))).toBeNull()
  })
})

describe('Quartz cron in a named zone', () => {
  it('evaluates the fields on the local wall clock of the zone', () => {
    // Kolkata is UTC+05:30 all year.
    expect(isoTimes(previewFireTimes(cron('0 0 9 * * ?', 'Asia/Kolkata'), at('2026-07-01T00:00:00Z'), 2))).toEqual([
      '2026-07-01T03:30:00Z',
      '2026-07-02T03:30:00Z',
    ])
    // Berlin: UTC+1 in winter, UTC+2 in summer.
    expect(isoTimes([nextFireTimeMs(cron('0 0 9 * * ?', 'Europe/Berlin'), at('2026-01-10T00:00:00Z'))!])).toEqual(['2026-01-10T08:00:00Z'])
    expect(isoTimes([nextFireTimeMs(cron('0 0 9 * * ?', 'Europe/Berlin'), at('2026-07-10T00:00:00Z'))!])).toEqual(['2026-07-10T07:00:00Z'])
  })

  it('takes the day of month and the year from the local date, not the UTC date', () => {
    // 00:30 on 1 January 2027 in Tokyo is still 2026 in UTC.
    expect(isoTimes([nextFireTimeMs(cron('0 30 0 1 1 ? 2027', 'Asia/Tokyo'), at('2026-06-01T00:00:00Z'))!])).toEqual(['2026-12-31T15:30:00Z'])
  })
})
