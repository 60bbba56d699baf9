import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../shared/errors'
import { EN_MESSAGES, englishMessage, isMessageCode, type MessageCode } from '../../shared/messages'
import { parseQuartzCron } from './cron-parse'
import { validateSchedule } from './validate-schedule'

/** The error `run` throws: a ValidationError whose message is its code's English, rendered from its params. */
function coded(run: () => unknown): { code: MessageCode; params: ValidationError['params'] } {
  let caught: unknown
  try {
    run()
  } catch (error) {
    caught = error
  }
  expect(caught).toBeInstanceOf(ValidationError)
  const error = caught as ValidationError
  expect(isMessageCode(error.code), error.message).toBe(true)
  expect(error.message).toBe(englishMessage(error.code as MessageCode, error.params))
  return { code: error.code as MessageCode, params: error.params }
}

const BAD_CRONS: [string, MessageCode][] = [
  ['   ', 'cron.required'],
  ['0 * * * *', 'cron.fieldCount'],
  ['0 0 12 1 * MON', 'cron.bothDays'],
  ['0 0 *,5 * * ?', 'cron.mustStandAlone'],
  ['0 0 1,,2 * * ?', 'cron.emptyEntry'],
  ['? 0 12 * * ?', 'cron.questionMarkField'],
  ['0 0 1? * * ?', 'cron.questionMarkAlone'],
  ['0 0 0 L-3 * ?', 'cron.lastOffset'],
  ['0 0 0 ? * L', 'cron.loneL'],
  ['0 0 0 ? * 6#L', 'cron.nthLast'],
  ['0 0 0 ? * 6#x', 'cron.nthNotNumber'],
  ['0 0 0 ? * 6#6', 'cron.nthRange'],
  ['0 0 1#2 * * ?', 'cron.hashOnlyDayOfWeek'],
  ['0 0 L * * ?', 'cron.lOnlyDays'],
  ['0 5W 0 * * ?', 'cron.wOnlyDayOfMonth'],
  ['0 0 0 * * ? 2030-2020', 'cron.backwards'],
  ['0 0 0/x * * ?', 'cron.stepNotNumber'],
  ['0 0 0/24 * * ?', 'cron.stepRange'],
  ['0 0 25 * * ?', 'cron.outOfRange'],
  ['0 0 0 ? FOO *', 'cron.badName'],
  ['0 0 x * * ?', 'cron.badToken'],
  ['0 0 0 W * ?', 'cron.badTokenDayOfMonth'],
  ['0 0 0 ? * 1x', 'cron.badTokenDayOfWeek'],
]

describe('schedule problems carry a message code with every parameter of its text', () => {
  it.each(BAD_CRONS)('%s → %s', (expression, code) => {
    expect(coded(() => parseQuartzCron(expression)).code).toBe(code)
  })

  it('covers every cron code', () => {
    // cron.engine is croner's own refusal; cron.invalidItem guards an item the earlier checks already catch.
    const unreachable = new Set(['cron.engine', 'cron.invalidItem'])
    const cronCodes = (Object.keys(EN_MESSAGES) as MessageCode[]).filter((code) => code.startsWith('cron.') && !unreachable.has(code))
    expect(cronCodes.filter((code) => !BAD_CRONS.some(([, seen]) => seen === code))).toEqual([])
  })

  it('names the cron field as a word the console translates, not as English text', () => {
    expect(coded(() => parseQuartzCron('0 0 25 * * ?')).params).toEqual({ expression: '0 0 25 * * ?', cronField: 'hour', value: 25, range: '0-23' })
  })

  it('codes the other schedule rules too: type, zone, fixed rate, no fire after now', () => {
    const now = Date.UTC(2026, 0, 10)
    expect(coded(() => validateSchedule({ scheduleType: 'HOURLY' as never, scheduleConf: '', timezone: 'UTC' }, now)).code).toBe('schedule.unknownType')
    expect(coded(() => validateSchedule({ scheduleType: 'CRON', scheduleConf: '0 0 * * * ?', timezone: '' }, now)).code).toBe('timezone.required')
    expect(coded(() => validateSchedule({ scheduleType: 'CRON', scheduleConf: '0 0 * * * ?', timezone: 'Mars/Olympus' }, now)).code).toBe('timezone.unknown')
    expect(coded(() => validateSchedule({ scheduleType: 'FIX_RATE', scheduleConf: '0', timezone: 'UTC' }, now)).code).toBe('fixRate.invalid')
    expect(coded(() => validateSchedule({ scheduleType: 'FIX_RATE', scheduleConf: '99999999999', timezone: 'UTC' }, now)).code).toBe('fixRate.tooLarge')
    expect(coded(() => validateSchedule({ scheduleType: 'CRON', scheduleConf: '0 0 0 1 1 ? 2020', timezone: 'UTC' }, now)).code).toBe('schedule.noFireAfter')
  })
})
