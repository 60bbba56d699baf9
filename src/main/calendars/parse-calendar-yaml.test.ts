import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../shared/errors'
import { parseCalendarYaml } from './parse-calendar-yaml'

function refusal(text: string): ValidationError {
  try {
    parseCalendarYaml(text)
  } catch (error) {
    if (error instanceof ValidationError) return error
    throw error
  }
  throw new Error('parseCalendarYaml accepted it')
}

describe('parseCalendarYaml', () => {
  it("takes a calendar's days, its zone and weekdays with their lines; dates stay dates", () => {
    const text = [
      'timezone: Asia/Shanghai',
      'workdays: [5, 4, 3, 2, 1]',
      'holidays:',
      '  - { date: 2026-01-01, name: 元旦 }',
      '  - from: 2026-02-15',
      '    to: 2026-02-22',
      '    name: 春节',
      'makeupWorkdays: [2026-02-28, 2026-02-14, 2026-02-14]',
    ].join('\n')
    expect(parseCalendarYaml(text)).toEqual({
      holidays: [
        { date: '2026-01-01', name: '元旦' },
        { from: '2026-02-15', to: '2026-02-22', name: '春节' },
      ],
      makeupWorkdays: ['2026-02-14', '2026-02-28'],
      timezone: { value: 'Asia/Shanghai', line: 1 },
      workdays: { value: [1, 2, 3, 4, 5], line: 2 },
    })
  })

  const refused: { name: string; text: string; problems: [number, number | undefined, string][] }[] = [
    { name: 'broken YAML', text: 'holidays:\n  - { date: 2026-01-01\n', problems: [[3, 1, 'calendar.yamlSyntax']] },
    { name: 'a key twice', text: 'makeupWorkdays: [2026-02-14]\nmakeupWorkdays: []\n', problems: [[2, 1, 'calendar.yamlSyntax']] },
    { name: 'a list, not a mapping', text: '- 2026-01-01\n', problems: [[1, 1, 'calendar.yamlNotMap']] },
    {
      name: 'a bad date and an unknown field, each at its own line',
      text: 'holidays:\n  - date: 2026-02-30\n    name: x\n  - dat: 2026-03-01\n    name: y\n',
      problems: [
        [2, 5, 'calendar.date'],
        [4, 5, 'validation.union'],
      ],
    },
    { name: 'an unknown top-level field', text: 'makeupWorkdays: [2026-02-14]\nbasedOn: cn\n', problems: [[2, 1, 'validation.unknownField']] },
    { name: 'a day both ways', text: 'holidays: [{ date: 2026-02-14, name: x }]\nmakeupWorkdays: [2026-02-14]\n', problems: [[2, 1, 'calendar.dayBothWays']] },
  ]
  for (const { name, text, problems } of refused) {
    it(`refuses ${name}, at its line`, () => {
      const error = refusal(text)
      expect(error).toMatchObject({ field: 'yaml', code: 'calendar.fileRefused', params: { format: 'YAML', count: problems.length } })
      expect(error.problems.map((p) => [p.params.line, p.params.column, p.code])).toEqual(problems)
    })
  }

  it('says the field of a problem in its message, and refuses an empty file or one without days', () => {
    expect(refusal('holidays:\n  - { date: nope, name: x }\n').message).toContain("line 2, column 7 (holidays[0].date): 'nope' is not a date")
    expect(refusal('# nothing\n')).toMatchObject({ code: 'calendar.fileEmpty' })
    expect(refusal('  ')).toMatchObject({ code: 'calendar.fileEmpty' })
    expect(refusal('timezone: UTC\n')).toMatchObject({ code: 'calendar.fileNoDays' })
  })

  it('refuses an alias expanded past its limit', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      ...Array.from({ length: 12 }, (_, i) => `b${i}: &b${i} [*${i === 0 ? 'a' : `b${i - 1}`}, *${i === 0 ? 'a' : `b${i - 1}`}]`),
    ]
    expect(refusal(bomb.join('\n')).problems).toMatchObject([{ code: 'calendar.yamlSyntax', params: { reason: expect.stringMatching(/alias/i) } }])
  })
})
