import { describe, expect, it } from 'vitest'
import { parseIsoDate } from '../../shared/calendar/civil-date'
import { oracleInstant } from '../../../test/support/calendar-oracle'
import { instantOfLocal, localTimeOf } from './local-time'

const secondOf = (hhmmss: string): number => hhmmss.split(':').reduce((sum, part) => sum * 60 + Number(part), 0)

describe('instantOfLocal', () => {
  const cases: [zone: string, date: string, time: string, note: string][] = [
    ['Europe/Berlin', '2026-03-29', '02:30:00', 'in the spring-forward gap: the first instant after it'],
    ['Europe/Berlin', '2026-03-29', '03:00:00', 'the end of the gap'],
    ['Europe/Berlin', '2026-03-29', '01:59:59', 'just before the gap'],
    ['Europe/Berlin', '2026-10-25', '02:30:00', 'in the fall-back overlap: its first occurrence'],
    ['Europe/Berlin', '2026-10-25', '03:00:00', 'after the overlap'],
    ['America/New_York', '2026-03-08', '02:15:00', 'gap'],
    ['America/New_York', '2026-11-01', '01:30:00', 'overlap'],
    ['Asia/Shanghai', '2026-02-16', '09:00:00', 'no DST'],
    ['Australia/Lord_Howe', '2026-04-05', '01:45:00', 'a half-hour overlap'],
    ['UTC', '2026-12-31', '23:59:59', 'plain'],
  ]
  it.each(cases)('%s %s %s (%s) as the oracle', (zone, date, time) => {
    expect(new Date(instantOfLocal(zone, parseIsoDate(date)!, secondOf(time))).toISOString()).toBe(new Date(oracleInstant(zone, date, time)).toISOString())
  })

  it('reads an instant back as its local date and second of the day', () => {
    const at = instantOfLocal('Europe/Berlin', parseIsoDate('2026-10-25')!, secondOf('02:30:00'))
    expect(localTimeOf('Europe/Berlin', at)).toEqual({ day: parseIsoDate('2026-10-25'), secondOfDay: secondOf('02:30:00') })
    expect(localTimeOf('America/New_York', Date.parse('2026-01-01T04:59:59Z'))).toEqual({ day: parseIsoDate('2025-12-31'), secondOfDay: secondOf('23:59:59') })
  })
})
