import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../shared/errors'
import { parseQuartzCron } from './cron-parse'

function messageOf(expression: string): string {
  try {
    parseQuartzCron(expression)
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError)
    expect((error as ValidationError).field).toBe('scheduleConf')
    return (error as Error).message
  }
  throw new Error(`'${expression}' was accepted`)
}

describe('parseQuartzCron accepts the Quartz grammar', () => {
  it.each([
    '0 0 12 * * ?',
    '0 15 10 ? * *',
    '0 15 10 * * ? 2026',
    '0 0/5 14,18 * * ?',
    '0 0-5 14 * * ?',
    '0 10,44 14 ? 3 WED',
    '0 15 10 ? * MON-FRI',
    '0 15 10 15 * ?',
    '0 15 10 L * ?',
    '0 15 10 ? * 6L',
    '0 15 10 ? * 6L 2026-2029',
    '0 15 10 ? * 6#3',
    '0 0 12 1/5 * ?',
    '0 11 11 11 11 ?',
    '0 0 12 LW * ?',
    '0 0 12 15W * ?',
    '* * * * * ?',
    '*/5 * * * * *',
    '/20 * * * * ?',
    '0 0 12 ? * sun',
    '  0 0 12 * * ?  ',
    '0\t0 12  * * ?',
    '0 0 12 ? * ?',
  ])('%j', (expression) => {
    expect(() => parseQuartzCron(expression)).not.toThrow()
  })

  it('translates names, ? and open steps for croner, and splits ranges that wrap', () => {
    expect(parseQuartzCron('0 0 22-2 ? NOV-FEB *').pattern).toBe('0 0 22-23,0-2 * 11-12,1-2 *')
    expect(parseQuartzCron('0 0 12 ? * FRI-MON').pattern).toBe('0 0 12 * * 6-7,1-2')
    expect(parseQuartzCron('/20 */5 1/4 ? * 6L').pattern).toBe('0-59/20 0-59/5 1-23/4 * * 6#L')
  })
})

describe('parseQuartzCron names the field and the rule it breaks', () => {
  it('counts fields', () => {
    expect(messageOf('0 * * * *')).toBe(
      'expected 6 or 7 fields (seconds minutes hours day-of-month month day-of-week [year]), got 5',
    )
    expect(messageOf('0 0 0 * * ? 2026 1')).toContain('got 8')
    expect(messageOf('@daily')).toContain('got 1')
    expect(messageOf('   ')).toBe('a CRON schedule needs an expression')
  })

  it.each([
    ['60 * * * * ?', 'second 60 is out of range 0-59'],
    ['0 60 * * * ?', 'minute 60 is out of range 0-59'],
    ['0 0 25 * * ?', 'hour 25 is out of range 0-23'],
    ['0 0 0 0 * ?', 'day-of-month 0 is out of range 1-31'],
    ['0 0 0 32 * ?', 'day-of-month 32 is out of range 1-31'],
    ['0 0 0 1 13 ?', 'month 13 is out of range 1-12 or JAN-DEC'],
    ['0 0 0 ? * 0', 'day-of-week 0 is out of range 1-7 or SUN-SAT (1 = SUN)'],
    ['0 0 0 ? * 8', 'day-of-week 8 is out of range 1-7 or SUN-SAT (1 = SUN)'],
    ['0 0 0 * * ? 1969', 'year 1969 is out of range 1970-2099'],
    ['0 0 0 * * ? 2100', 'year 2100 is out of range 1970-2099'],
    ['0 0 0 ? JUX *', "month 'JUX' is not a month name (JAN-DEC)"],
    ['0 0 0 ? * MONDAY', "day-of-week 'MONDAY' is not a weekday name (SUN-SAT)"],
    ['0 0 x * * ?', "hour 'X' is not valid (expected 0-23, a range a-b, a step a/n or */n, a list of these)"],
    ['0 0 0 ? WED *', "month 'WED' is not a month name (JAN-DEC)"],
  ])('%j → %s', (expression, rule) => {
    expect(messageOf(expression)).toBe(`'${expression}' ${rule}`)
  })

  it.each([
    ['0/0 * * * * ?', "second '0/0': step 0 is out of range 1-59"],
    ['0 0/60 * * * ?', "minute '0/60': step 60 is out of range 1-59"],
    ['0 0 */24 * * ?', "hour '*/24': step 24 is out of range 1-23"],
    ['0 0 0 ? * 1/8', "day-of-week '1/8': step 8 is out of range 1-7"],
    ['0 0 0 ? * 2-6/', "day-of-week '2-6/': the step after '/' must be a number 1-7"],
    ['0 0 0 * * ? 2030-2025', 'year range 2030-2025 runs backwards'],
    ['0 0 0 1,,2 * ?', 'day-of-month has an empty entry in its list'],
  ])('steps and ranges: %j', (expression, rule) => {
    expect(messageOf(expression)).toBe(`'${expression}' ${rule}`)
  })

  it('allows ? only in day-of-month or day-of-week, alone', () => {
    expect(messageOf('? 0 12 * * ?')).toBe("'? 0 12 * * ?' second '?' is only allowed in day-of-month or day-of-week")
    expect(messageOf('0 0 12 * ? ?')).toContain("month '?' is only allowed in day-of-month or day-of-week")
    expect(messageOf('0 0 12 ?,1 * ?')).toContain("day-of-month '?,1': '?' must stand alone")
    expect(messageOf('0 0 *,5 * * ?')).toContain("hour '*,5': '*' must stand alone")
  })

  it('allows L and W only in day-of-month, plus nL in day-of-week', () => {
    expect(messageOf('0 0 L * * ?')).toContain("hour 'L' is only allowed in day-of-month or day-of-week")
    expect(messageOf('0 0 0 * L ?')).toContain("month 'L' is only allowed in day-of-month or day-of-week")
    expect(messageOf('0 5W 0 * * ?')).toContain("minute 'W' is only allowed in day-of-month")
    expect(messageOf('0 0 0 ? * 2W')).toContain("day-of-week 'W' is only allowed in day-of-month")
    expect(messageOf('0 0 0 ? * LW')).toContain("day-of-week 'W' is only allowed in day-of-month")
    expect(messageOf('0 0 0 W * ?')).toContain("day-of-month 'W' is not valid")
    expect(messageOf('0 0 0 1-5W * ?')).toContain("day-of-month '1-5W' is not valid")
    expect(messageOf('0 0 0 0W * ?')).toContain('day-of-month 0 is out of range 1-31')
    expect(messageOf('0 0 0 L,15 * ?')).toContain("day-of-month 'L,15': 'L' must stand alone, not in a list")
    expect(messageOf('0 0 0 1,15W * ?')).toContain("day-of-month '1,15W': '15W' must stand alone, not in a list")
  })

  it('refuses the L forms croner lacks: L-n and a lone L in day-of-week', () => {
    expect(messageOf('0 0 12 L-3 * ?')).toBe(
      "'0 0 12 L-3 * ?' day-of-month 'L-3' is not supported (offsets before the last day, L-n, are not available; use L or LW)",
    )
    expect(messageOf('0 0 12 ? * L-3')).toContain("day-of-week 'L-3' is not supported")
    expect(messageOf('0 0 12 ? * L')).toContain("day-of-week 'L' is not supported (Quartz reads a lone L as Saturday")
  })

  it('allows # only in day-of-week, alone, with an occurrence 1-5', () => {
    expect(messageOf('0 0 12 ? * 6#6')).toContain("day-of-week '6#6': occurrence 6 is out of range 1-5")
    expect(messageOf('0 0 12 ? * 6#0')).toContain("day-of-week '6#0': occurrence 0 is out of range 1-5")
    expect(messageOf('0 0 12 ? * 6#L')).toContain("day-of-week '6#L' is not Quartz syntax: write 6L")
    expect(messageOf('0 0 12 ? * 2,6#3')).toContain("day-of-week '2,6#3': '6#3' must stand alone, not in a list")
    expect(messageOf('0 0 12 ? 2#3 *')).toContain("month '2#3': '#' is only allowed alone in day-of-week")
  })

  it('refuses restricting both day-of-month and day-of-week', () => {
    expect(messageOf('0 0 12 15 * MON')).toBe(
      "'0 0 12 15 * MON' day-of-month '15' and day-of-week 'MON' are both restricted; " +
        "Quartz does not support that combination, set one of them to '?'",
    )
    expect(() => parseQuartzCron('0 0 12 15 * *')).not.toThrow()
    expect(() => parseQuartzCron('0 0 12 * * MON')).not.toThrow()
  })
})
