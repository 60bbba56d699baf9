import { describe, expect, it } from 'vitest'
import { nextFireTimeMs, previewFireTimes, type ScheduleSpec } from './next-fire'
import { FIX_RATE_MAX_SEC, parseFixRateSec } from './fix-rate'

const fixRate = (scheduleConf: string): ScheduleSpec => ({ scheduleType: 'FIX_RATE', scheduleConf, timezone: 'UTC' })
const at = (iso: string): number => Date.parse(iso)

describe('FIX_RATE', () => {
  it('fires the given number of seconds after the reference time', () => {
    expect(nextFireTimeMs(fixRate('30'), at('2026-06-01T10:00:00Z'))).toBe(at('2026-06-01T10:00:30Z'))
    expect(nextFireTimeMs(fixRate('1'), at('2026-06-01T10:00:00Z'))).toBe(at('2026-06-01T10:00:01Z'))
    expect(nextFireTimeMs(fixRate('86400'), at('2026-06-01T10:00:00Z'))).toBe(at('2026-06-02T10:00:00Z'))
  })

  it('rounds a result with a millisecond part up to the next whole second', () => {
    expect(nextFireTimeMs(fixRate('30'), at('2026-06-01T10:00:00.001Z'))).toBe(at('2026-06-01T10:00:31Z'))
    expect(nextFireTimeMs(fixRate('30'), at('2026-06-01T10:00:00.999Z'))).toBe(at('2026-06-01T10:00:31Z'))
  })

  it('previews a regular series', () => {
    expect(previewFireTimes(fixRate('10'), at('2026-06-01T10:00:00.400Z'), 3)).toEqual([
      at('2026-06-01T10:00:11Z'),
      at('2026-06-01T10:00:21Z'),
      at('2026-06-01T10:00:31Z'),
    ])
  })

  it('accepts whole numbers of seconds from 1 up to a Java int', () => {
    expect(parseFixRateSec('1')).toBe(1)
    expect(parseFixRateSec('05')).toBe(5)
    expect(parseFixRateSec(String(FIX_RATE_MAX_SEC))).toBe(2_147_483_647)
  })

  it.each(['0', '0.5', '-5', '+5', ' 30', '1e3', '', 'ten'])('refuses %j', (conf) => {
    expect(() => parseFixRateSec(conf)).toThrow(expect.objectContaining({ field: 'scheduleConf', code: 'fixRate.invalid', params: { got: conf } }))
  })

  it('refuses a rate above a Java int', () => {
    expect(() => parseFixRateSec('2147483648')).toThrow(
      expect.objectContaining({ field: 'scheduleConf', code: 'fixRate.tooLarge', params: { max: 2147483647, got: '2147483648' } }),
    )
  })
})
