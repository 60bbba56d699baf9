import { describe, expect, it } from 'vitest'
import { calendarSchema } from './calendar'

const valid = {
  name: 'cn',
  timezone: 'Asia/Shanghai',
  holidays: [{ name: 'Spring Festival', from: '2026-02-15', to: '2026-02-22' }],
  makeupWorkdays: ['2026-02-14'],
}

function problems(input: unknown): string[] {
  const parsed = calendarSchema.safeParse(input)
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
}

describe('calendarSchema', () => {
  it('fills Monday to Friday and no base, and sorts the workdays', () => {
    expect(calendarSchema.parse(valid)).toEqual({ ...valid, workdays: [1, 2, 3, 4, 5], basedOn: null })
    expect(calendarSchema.parse({ ...valid, workdays: [7, 1] }).workdays).toEqual([1, 7])
  })

  it.each([
    [{ ...valid, name: '-cn' }, "name: '-cn' is not a calendar name"],
    [{ ...valid, makeupWorkdays: ['2026-02-30'] }, "makeupWorkdays.0: '2026-02-30' is not a date"],
    [
      { ...valid, holidays: [{ name: 'x', from: '2026-02-22', to: '2026-02-15' }] },
      'holidays.0.to: the holiday ends (2026-02-15) before it starts (2026-02-22)',
    ],
    [{ ...valid, holidays: [{ name: 'x', from: '2026-01-01', to: '2027-06-01' }] }, 'longer than 366 days'],
    [{ ...valid, holidays: [{ name: ' ', date: '2026-01-01' }] }, 'holidays.0'],
    [{ ...valid, workdays: [1, 1] }, 'workdays: names a weekday twice'],
    [{ ...valid, workdays: [0] }, 'workdays.0'],
    [{ ...valid, basedOn: 'cn' }, "basedOn: calendar 'cn' cannot be based on itself"],
    [{ ...valid, makeupWorkdays: ['2026-02-16'] }, 'makeupWorkdays: 2026-02-16 is both a holiday and a make-up workday'],
    [{ ...valid, colour: 'red' }, 'colour'],
  ])('refuses %j, naming the field and the rule', (input, message) => {
    const found = problems(input)
    expect(found.length).toBeGreaterThan(0)
    expect(found.join('\n')).toContain(message)
  })
})
