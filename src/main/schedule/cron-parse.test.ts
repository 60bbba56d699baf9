import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../shared/errors'
import { parseQuartzCron } from './cron-parse'

/** What parseQuartzCron refuses `expression` for: the rule's code and what it names (the expression itself left out). */
function problemOf(expression: string): { code: string; params: ValidationError['params'] } {
  try {
    parseQuartzCron(expression)
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError)
    const { field, code, params } = error as ValidationError
    expect(field).toBe('scheduleConf')
    const { expression: _expression, ...named } = params
    return { code, params: named }
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
    expect(problemOf('0 * * * *')).toEqual({ code: 'cron.fieldCount', params: { count: 5 } })
    expect(problemOf('0 0 0 * * ? 2026 1')).toEqual({ code: 'cron.fieldCount', params: { count: 8 } })
    expect(problemOf('@daily')).toEqual({ code: 'cron.fieldCount', params: { count: 1 } })
    expect(problemOf('   ')).toEqual({ code: 'cron.required', params: {} })
  })

  it.each([
    ['60 * * * * ?', 'cron.outOfRange', { cronField: 'second', value: 60, range: '0-59' }],
    ['0 60 * * * ?', 'cron.outOfRange', { cronField: 'minute', value: 60, range: '0-59' }],
    ['0 0 25 * * ?', 'cron.outOfRange', { cronField: 'hour', value: 25, range: '0-23' }],
    ['0 0 0 0 * ?', 'cron.outOfRange', { cronField: 'day-of-month', value: 0, range: '1-31' }],
    ['0 0 0 32 * ?', 'cron.outOfRange', { cronField: 'day-of-month', value: 32, range: '1-31' }],
    ['0 0 0 1 13 ?', 'cron.outOfRange', { cronField: 'month', value: 13, range: '1-12 or JAN-DEC' }],
    ['0 0 0 ? * 0', 'cron.outOfRange', { cronField: 'day-of-week', value: 0, range: '1-7 or SUN-SAT (1 = SUN)' }],
    ['0 0 0 ? * 8', 'cron.outOfRange', { cronField: 'day-of-week', value: 8, range: '1-7 or SUN-SAT (1 = SUN)' }],
    ['0 0 0 * * ? 1969', 'cron.outOfRange', { cronField: 'year', value: 1969, range: '1970-2099' }],
    ['0 0 0 * * ? 2100', 'cron.outOfRange', { cronField: 'year', value: 2100, range: '1970-2099' }],
    ['0 0 0 ? JUX *', 'cron.badName', { cronField: 'month', token: 'JUX', nameKind: 'month', first: 'JAN', last: 'DEC' }],
    ['0 0 0 ? * MONDAY', 'cron.badName', { cronField: 'day-of-week', token: 'MONDAY', nameKind: 'weekday', first: 'SUN', last: 'SAT' }],
    ['0 0 x * * ?', 'cron.badToken', { cronField: 'hour', item: 'X', range: '0-23' }],
    ['0 0 0 ? WED *', 'cron.badName', { cronField: 'month', token: 'WED', nameKind: 'month', first: 'JAN', last: 'DEC' }],
  ])('%j → %s', (expression, code, params) => {
    expect(problemOf(expression)).toEqual({ code, params })
  })

  it.each([
    ['0/0 * * * * ?', 'cron.stepRange', { cronField: 'second', item: '0/0', step: 0, maxStep: 59 }],
    ['0 0/60 * * * ?', 'cron.stepRange', { cronField: 'minute', item: '0/60', step: 60, maxStep: 59 }],
    ['0 0 */24 * * ?', 'cron.stepRange', { cronField: 'hour', item: '*/24', step: 24, maxStep: 23 }],
    ['0 0 0 ? * 1/8', 'cron.stepRange', { cronField: 'day-of-week', item: '1/8', step: 8, maxStep: 7 }],
    ['0 0 0 ? * 2-6/', 'cron.stepNotNumber', { cronField: 'day-of-week', item: '2-6/', maxStep: 7 }],
    ['0 0 0 * * ? 2030-2025', 'cron.backwards', { cronField: 'year', from: 2030, to: 2025 }],
    ['0 0 0 1,,2 * ?', 'cron.emptyEntry', { cronField: 'day-of-month' }],
  ])('steps and ranges: %j', (expression, code, params) => {
    expect(problemOf(expression)).toEqual({ code, params })
  })

  it('allows ? only in day-of-month or day-of-week, alone', () => {
    expect(problemOf('? 0 12 * * ?')).toEqual({ code: 'cron.questionMarkField', params: { cronField: 'second' } })
    expect(problemOf('0 0 12 * ? ?')).toEqual({ code: 'cron.questionMarkField', params: { cronField: 'month' } })
    expect(problemOf('0 0 12 ?,1 * ?')).toEqual({ code: 'cron.mustStandAlone', params: { cronField: 'day-of-month', text: '?,1', item: '?' } })
    expect(problemOf('0 0 *,5 * * ?')).toEqual({ code: 'cron.mustStandAlone', params: { cronField: 'hour', text: '*,5', item: '*' } })
  })

  it('allows L and W only in day-of-month, plus nL in day-of-week', () => {
    expect(problemOf('0 0 L * * ?')).toEqual({ code: 'cron.lOnlyDays', params: { cronField: 'hour' } })
    expect(problemOf('0 0 0 * L ?')).toEqual({ code: 'cron.lOnlyDays', params: { cronField: 'month' } })
    expect(problemOf('0 5W 0 * * ?')).toEqual({ code: 'cron.wOnlyDayOfMonth', params: { cronField: 'minute' } })
    expect(problemOf('0 0 0 ? * 2W')).toEqual({ code: 'cron.wOnlyDayOfMonth', params: { cronField: 'day-of-week' } })
    expect(problemOf('0 0 0 ? * LW')).toEqual({ code: 'cron.wOnlyDayOfMonth', params: { cronField: 'day-of-week' } })
    expect(problemOf('0 0 0 W * ?')).toEqual({ code: 'cron.badTokenDayOfMonth', params: { cronField: 'day-of-month', item: 'W', range: '1-31' } })
    expect(problemOf('0 0 0 1-5W * ?')).toEqual({ code: 'cron.badTokenDayOfMonth', params: { cronField: 'day-of-month', item: '1-5W', range: '1-31' } })
    expect(problemOf('0 0 0 0W * ?')).toEqual({ code: 'cron.outOfRange', params: { cronField: 'day-of-month', value: 0, range: '1-31' } })
    expect(problemOf('0 0 0 L,15 * ?')).toEqual({ code: 'cron.mustStandAlone', params: { cronField: 'day-of-month', text: 'L,15', item: 'L' } })
    expect(problemOf('0 0 0 1,15W * ?')).toEqual({ code: 'cron.mustStandAlone', params: { cronField: 'day-of-month', text: '1,15W', item: '15W' } })
  })

  it('refuses the L forms croner lacks: L-n and a lone L in day-of-week', () => {
    expect(problemOf('0 0 12 L-3 * ?')).toEqual({ code: 'cron.lastOffset', params: { cronField: 'day-of-month', item: 'L-3' } })
    expect(problemOf('0 0 12 ? * L-3')).toEqual({ code: 'cron.lastOffset', params: { cronField: 'day-of-week', item: 'L-3' } })
    expect(problemOf('0 0 12 ? * L')).toEqual({ code: 'cron.loneL', params: { cronField: 'day-of-week' } })
  })

  it('allows # only in day-of-week, alone, with an occurrence 1-5', () => {
    expect(problemOf('0 0 12 ? * 6#6')).toEqual({ code: 'cron.nthRange', params: { cronField: 'day-of-week', item: '6#6', occurrence: 6 } })
    expect(problemOf('0 0 12 ? * 6#0')).toEqual({ code: 'cron.nthRange', params: { cronField: 'day-of-week', item: '6#0', occurrence: 0 } })
    expect(problemOf('0 0 12 ? * 6#L')).toEqual({ code: 'cron.nthLast', params: { cronField: 'day-of-week', item: '6#L', weekday: '6' } })
    expect(problemOf('0 0 12 ? * 2,6#3')).toEqual({ code: 'cron.mustStandAlone', params: { cronField: 'day-of-week', text: '2,6#3', item: '6#3' } })
    expect(problemOf('0 0 12 ? 2#3 *')).toEqual({ code: 'cron.hashOnlyDayOfWeek', params: { cronField: 'month', item: '2#3' } })
  })

  it('refuses restricting both day-of-month and day-of-week', () => {
    expect(problemOf('0 0 12 15 * MON')).toEqual({ code: 'cron.bothDays', params: { dayOfMonth: '15', dayOfWeek: 'MON' } })
    expect(() => parseQuartzCron('0 0 12 15 * *')).not.toThrow()
    expect(() => parseQuartzCron('0 0 12 * * MON')).not.toThrow()
  })
})
