import { describe, expect, it } from 'vitest'
import { ValidationError, type ErrorProblem } from '../../shared/errors'
import { parseCalendarCsv } from './parse-calendar-csv'

function refusal(text: string): ValidationError {
  try {
    parseCalendarCsv(text)
  } catch (error) {
    if (error instanceof ValidationError) return error
    throw error
  }
  throw new Error('parseCalendarCsv accepted it')
}

const where = (problem: ErrorProblem) => [problem.params.line, problem.code]

describe('parseCalendarCsv', () => {
  it('takes days, ranges and make-up workdays, with or without a header, names with commas and quotes', () => {
    const text = [
      '\uFEFFDate,Name,Kind',
      '2026-01-01,New Year',
      '2026-02-15..2026-02-22,"Spring Festival, 春节",holiday',
      '2026-02-14,,workday',
      '',
      '2026-02-28,"the ""other"" Saturday",WORKDAY',
      '2026-10-01..2026-10-02,,workday',
      '2026-05-01',
    ].join('\r\n')
    expect(parseCalendarCsv(text)).toEqual({
      holidays: [
        { name: 'New Year', date: '2026-01-01' },
        { name: 'Spring Festival, 春节', from: '2026-02-15', to: '2026-02-22' },
        { name: 'holiday', date: '2026-05-01' },
      ],
      makeupWorkdays: ['2026-02-14', '2026-02-28', '2026-10-01', '2026-10-02'],
    })
    expect(parseCalendarCsv('2026-01-01,New Year\n')).toEqual({ holidays: [{ name: 'New Year', date: '2026-01-01' }], makeupWorkdays: [] })
  })

  it('tells every bad row at its line, and takes none of them', () => {
    const error = refusal(
      [
        'date,name,kind',
        '2026-02-30,Not a day',
        '2026-03-01,x,vacation',
        '2026-03-09..2026-03-02,backwards',
        '2026-01-01..2027-06-01,too long',
        '2026-04-01,a,holiday,extra',
        `2026-04-02,${'n'.repeat(101)}`,
        '"2026-04-03","fine"',
      ].join('\n'),
    )
    expect(error).toMatchObject({ field: 'csv', code: 'calendar.fileRefused', params: { format: 'CSV', count: 6 } })
    expect(error.problems.map(where)).toEqual([
      [2, 'calendar.csvDate'],
      [3, 'calendar.csvKind'],
      [4, 'calendar.csvRangeBackwards'],
      [5, 'calendar.csvRangeTooLong'],
      [6, 'calendar.csvColumns'],
      [7, 'calendar.holidayNameTooLong'],
    ])
    expect(error.message).toContain("line 2: '2026-02-30' is not a date or a range")
  })

  it('tells a quote out of place at its line and column, and a bad header', () => {
    expect(refusal('2026-01-01,ok\n2026-01-02,"open\n').problems).toMatchObject([
      { field: 'line 2, column 12', code: 'calendar.csvUnclosedQuote', params: { line: 2, column: 12 } },
    ])
    expect(refusal('2026-01-01,say "hi"').problems.map(where)).toEqual([[1, 'calendar.csvQuoteInField']])
    expect(refusal('date,title\n2026-01-01,x').problems.map(where)).toEqual([[1, 'calendar.csvHeader']])
  })

  it('refuses a file with nothing in it, or only a header', () => {
    expect(refusal('\uFEFF \r\n')).toMatchObject({ field: 'csv', code: 'calendar.fileEmpty' })
    expect(refusal('date,name\n\n')).toMatchObject({ field: 'csv', code: 'calendar.fileNoDays' })
  })
})
