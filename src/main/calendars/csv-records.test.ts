import { describe, expect, it } from 'vitest'
import { csvRecords, CsvSyntaxError, type CsvSyntaxProblem } from './csv-records'

function problemOf(text: string): CsvSyntaxProblem {
  try {
    csvRecords(text)
  } catch (error) {
    if (error instanceof CsvSyntaxError) return error.problem
    throw error
  }
  throw new Error('csvRecords accepted it')
}

describe('csvRecords', () => {
  const cases: { name: string; text: string; records: { line: number; fields: string[] }[] }[] = [
    { name: 'nothing', text: '', records: [] },
    { name: 'one field', text: 'a', records: [{ line: 1, fields: ['a'] }] },
    {
      name: 'LF, with a last line break',
      text: 'a,b\nc,d\n',
      records: [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['c', 'd'] },
      ],
    },
    {
      name: 'CRLF',
      text: 'a,b\r\nc,d\r\n',
      records: [
        { line: 1, fields: ['a', 'b'] },
        { line: 2, fields: ['c', 'd'] },
      ],
    },
    {
      name: 'old Mac CR',
      text: 'a\rb',
      records: [
        { line: 1, fields: ['a'] },
        { line: 2, fields: ['b'] },
      ],
    },
    { name: 'a byte-order mark', text: '\uFEFFdate,name\n', records: [{ line: 1, fields: ['date', 'name'] }] },
    { name: 'empty fields', text: ',,\n', records: [{ line: 1, fields: ['', '', ''] }] },
    { name: 'a trailing comma', text: 'a,', records: [{ line: 1, fields: ['a', ''] }] },
    {
      name: 'a blank line between',
      text: 'a\n\nb',
      records: [
        { line: 1, fields: ['a'] },
        { line: 2, fields: [''] },
        { line: 3, fields: ['b'] },
      ],
    },
    { name: 'a comma in quotes', text: '2026-01-01,"New Year, Day"', records: [{ line: 1, fields: ['2026-01-01', 'New Year, Day'] }] },
    { name: 'doubled quotes', text: '"say ""hi""",x', records: [{ line: 1, fields: ['say "hi"', 'x'] }] },
    { name: 'an empty quoted field', text: '"",x', records: [{ line: 1, fields: ['', 'x'] }] },
    {
      name: 'a line break in quotes keeps the record and counts the line',
      text: 'a,"two\r\nlines"\nb,c',
      records: [
        { line: 1, fields: ['a', 'two\r\nlines'] },
        { line: 3, fields: ['b', 'c'] },
      ],
    },
    { name: 'spaces kept as they are', text: ' a , b ', records: [{ line: 1, fields: [' a ', ' b '] }] },
    { name: 'not ASCII', text: '2026-02-15,春节', records: [{ line: 1, fields: ['2026-02-15', '春节'] }] },
  ]
  for (const { name, text, records } of cases) {
    it(`reads ${name}`, () => expect(csvRecords(text)).toEqual(records))
  }

  it('refuses quotes out of place, at their line and column', () => {
    expect(problemOf('a,b\nc,"open')).toEqual({ kind: 'unclosedQuote', line: 2, column: 3 })
    expect(problemOf('a,b\r\nc,d"e')).toEqual({ kind: 'quoteInField', line: 2, column: 4 })
    expect(problemOf('"a"b,c')).toEqual({ kind: 'textAfterQuote', line: 1, column: 4 })
    expect(problemOf('"a\nb" x')).toEqual({ kind: 'textAfterQuote', line: 2, column: 3 })
  })
})
