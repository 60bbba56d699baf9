import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../../../shared/errors'
import { calendarFileFormat, calendarFileRefusal, calendarImportRequest } from './calendar-file'

describe('calendarFileFormat', () => {
  const cases: [string, string, string][] = [
    ['cn.ics', 'anything', 'ics'],
    ['days.CSV', 'holidays: []', 'csv'],
    ['days.yml', '2026-01-01,x', 'yaml'],
    ['feed.txt', '\uFEFF\r\nBEGIN:VCALENDAR\r\n', 'ics'],
    ['export', 'date,name,kind\n2026-01-01,元旦', 'csv'],
    ['export', '"2026-01-01","New Year, Day"', 'csv'],
    ['export', '2026-02-15..2026-02-22,春节', 'csv'],
    ['export', '2026-05-01\n', 'csv'],
    ['export', '# days off\nholidays:\n  - { date: 2026-01-01, name: x }', 'yaml'],
    ['export', 'makeupWorkdays: [2026-02-14]', 'yaml'],
  ]
  for (const [name, text, format] of cases) {
    it(`reads ${JSON.stringify(name)} holding ${JSON.stringify(text.slice(0, 24))} as ${format}`, () => expect(calendarFileFormat(name, text)).toBe(format))
  }

  it('puts the text in the field of its format', () => {
    expect(calendarImportRequest('cn', 'csv', 'x', 'UTC')).toEqual({ name: 'cn', csv: 'x', timezone: 'UTC' })
    expect(calendarImportRequest('cn', 'yaml', 'y', 'UTC')).toEqual({ name: 'cn', yaml: 'y', timezone: 'UTC' })
  })
})

describe('calendarFileRefusal', () => {
  const refused = new ValidationError('yaml', '2 problem(s) in the YAML file, nothing was imported', {
    code: 'calendar.fileRefused',
    params: { format: 'YAML', count: 2 },
    problems: [
      {
        field: 'line 2, column 7 (holidays[0].date)',
        code: 'calendar.date',
        params: { got: 'nope', line: 2, column: 7, at: 'holidays[0].date' },
        message: '…',
      },
      { field: 'line 4', code: 'calendar.csvKind', params: { got: 'x', line: 4 }, message: '…' },
    ],
  })

  it('says where each problem is, in the console’s language', () => {
    expect(calendarFileRefusal('en', refused)).toEqual({
      summary: '2 problem(s) in the YAML file, nothing was imported',
      problems: ["line 2, column 7 (holidays[0].date): 'nope' is not a date; write YYYY-MM-DD", "line 4: 'x' is not a kind: write holiday or workday"],
    })
    expect(calendarFileRefusal('zh-CN', refused)).toEqual({
      summary: 'YAML 文件有 2 处问题，未导入任何内容',
      problems: ['第 2 行第 7 列 (holidays[0].date)：“nope”不是日期，请写成 YYYY-MM-DD', '第 4 行：“x”不是有效的类型：请写 holiday 或 workday'],
    })
  })

  it('leaves another refusal to the import’s words', () => {
    const other = new ValidationError('ics', 'is not an iCalendar file: x', { code: 'calendar.icsInvalid', params: { reason: 'x' } })
    expect(calendarFileRefusal('en', other)).toEqual({ summary: 'ics: is not an iCalendar file: x', problems: [] })
  })
})
