import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../shared/errors'
import { parseIcs } from './parse-ics'

const FEED = readFileSync(new URL('../../../test/fixtures/calendars/cn-2026.ics', import.meta.url), 'utf8')

function refusal(text: string): ValidationError {
  try {
    parseIcs(text, '2030-01-01')
  } catch (error) {
    if (error instanceof ValidationError) return error
    throw error
  }
  throw new Error('parseIcs accepted it')
}

describe('parseIcs', () => {
  it('takes all-day events as holidays, marked ones as make-up workdays, expands yearly ones, and counts timed ones left out', () => {
    expect(parseIcs(FEED, '2029-01-01')).toEqual({
      holidays: [
        { name: '元旦', date: '2026-01-01' },
        { name: '春节', from: '2026-02-15', to: '2026-02-22' },
        { name: '劳动节', date: '2026-05-01' },
        { name: '劳动节', date: '2027-05-01' },
        { name: '劳动节', date: '2028-05-01' },
      ],
      makeupWorkdays: ['2026-02-14', '2026-02-28'],
      timedEvents: 1,
    })
  })

  it('reads CRLF line ends and folded lines as RFC 5545 writes them', () => {
    const folded = FEED.replace('SUMMARY:春节\n', 'SUMMARY:Spring \n Festival\n').replaceAll('\n', '\r\n')
    expect(parseIcs(folded, '2027-01-01').holidays[1]).toEqual({ name: 'Spring Festival', from: '2026-02-15', to: '2026-02-22' })
  })

  it.each([
    ['', /empty/],
    ['holidays: [2026-01-01]', /not an iCalendar file/],
    ['BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART;VALUE=DATE:2026XX01\nEND:VEVENT\nEND:VCALENDAR', /not an iCalendar file: event 1: /],
    ['BEGIN:VCALENDAR\nBEGIN:VEVENT\nSUMMARY:x\nEND:VEVENT\nEND:VCALENDAR', /event 1: it has no DTSTART/],
    ['BEGIN:VCARD\nVERSION:4.0\nFN:x\nEND:VCARD', /VCARD, not a VCALENDAR/],
    ['BEGIN:VCALENDAR\nBEGIN:VEVENT\nDTSTART:20260302T090000Z\nSUMMARY:x\nEND:VEVENT\nEND:VCALENDAR', /no all-day event .*1 timed/],
  ])('refuses %j on the ics field, saying why', (text, message) => {
    const error = refusal(text)
    expect(error.field).toBe('ics')
    expect(error.message).toMatch(message)
  })
})
