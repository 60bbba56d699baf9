import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../shared/errors'
import type { ScheduleType } from '../../shared/model'
import { nextFireTimeMs, previewFireTimes } from './next-fire'

const FROM_MS = Date.parse('2026-06-01T12:00:00Z')

describe('nextFireTimeMs', () => {
  it('never fires a NONE schedule', () => {
    expect(nextFireTimeMs({ scheduleType: 'NONE', scheduleConf: '', timezone: 'UTC' }, FROM_MS)).toBeNull()
    expect(previewFireTimes({ scheduleType: 'NONE', scheduleConf: '', timezone: 'UTC' }, FROM_MS, 5)).toEqual([])
  })

  it('refuses an unknown schedule type and an invalid conf with a ValidationError', () => {
    const unknown = { scheduleType: 'FIX_DELAY' as ScheduleType, scheduleConf: '5', timezone: 'UTC' }
    expect(() => nextFireTimeMs(unknown, FROM_MS)).toThrow(ValidationError)
    expect(() => nextFireTimeMs({ scheduleType: 'CRON', scheduleConf: '0 0 25 * * ?', timezone: 'UTC' }, FROM_MS)).toThrow(
      expect.objectContaining({ field: 'scheduleConf', code: 'cron.outOfRange', params: expect.objectContaining({ cronField: 'hour', value: 25 }) }),
    )
    expect(() => nextFireTimeMs({ scheduleType: 'CRON', scheduleConf: '0 0 1 * * ?', timezone: 'Mars/Olympus' }, FROM_MS)).toThrow(
      expect.objectContaining({ field: 'timezone', code: 'timezone.unknown', params: { zone: 'Mars/Olympus' } }),
    )
    expect(() => nextFireTimeMs({ scheduleType: 'FIX_RATE', scheduleConf: '1', timezone: 'UTC' }, Number.NaN)).toThrow(RangeError)
  })
})

describe('previewFireTimes', () => {
  it('lists the next five fire times in order, each after the one before', () => {
    const times = previewFireTimes({ scheduleType: 'CRON', scheduleConf: '0 0 9 ? * 2-6', timezone: 'Europe/Berlin' }, FROM_MS, 5)
    // 2026-06-01 is a Monday; 09:00 in Berlin is 07:00 UTC in summer.
    expect(times.map((ms) => new Date(ms).toISOString())).toEqual([
      '2026-06-02T07:00:00.000Z',
      '2026-06-03T07:00:00.000Z',
      '2026-06-04T07:00:00.000Z',
      '2026-06-05T07:00:00.000Z',
      '2026-06-08T07:00:00.000Z',
    ])
  })

  it('stops early when the schedule runs out', () => {
    const times = previewFireTimes({ scheduleType: 'CRON', scheduleConf: '0 0 12 1 1 ? 2027-2028', timezone: 'UTC' }, FROM_MS, 5)
    expect(times).toEqual([Date.parse('2027-01-01T12:00:00Z'), Date.parse('2028-01-01T12:00:00Z')])
    expect(previewFireTimes({ scheduleType: 'FIX_RATE', scheduleConf: '5', timezone: 'UTC' }, FROM_MS, 0)).toEqual([])
  })
})
