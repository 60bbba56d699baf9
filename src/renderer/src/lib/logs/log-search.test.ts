import { describe, expect, it } from 'vitest'
import { findMatches, splitMatches, stepMatch } from './log-search'
import type { LogRow } from './log-lines'

const rows = (texts: string[]): LogRow[] => texts.map((text, i) => ({ lineNum: i + 1, text, continued: false, prefixEnd: 0 }))

describe('findMatches', () => {
  it('finds rows case-insensitively', () => {
    expect(findMatches(rows(['Hello', 'world', 'say HELLO']), 'hello')).toEqual([0, 2])
  })

  it('finds nothing for an empty query', () => {
    expect(findMatches(rows(['a']), '')).toEqual([])
  })

  it('extends earlier matches with the rows appended since', () => {
    const all = rows(['x1', 'y', 'x2', 'x3'])
    expect(findMatches(all, 'x', true, 2, [0])).toEqual([0, 2, 3])
  })

  it('does not search a hidden XXL-JOB prefix, only the message shown', () => {
    const line = '2026-12-01 08:58:02 [jobdesk.BuiltinHandlers#demoJobHandler]-[0]-[jobdesk, JobThread-1] hello'
    const withPrefix: LogRow[] = [{ lineNum: 1, text: line, continued: false, prefixEnd: line.length - 'hello'.length }]
    expect(findMatches(withPrefix, 'BuiltinHandlers', false)).toEqual([])
    expect(findMatches(withPrefix, 'BuiltinHandlers', true)).toEqual([0])
    expect(findMatches(withPrefix, 'hello', false)).toEqual([0])
  })
})

describe('splitMatches', () => {
  it('splits around each occurrence and keeps the original case', () => {
    expect(splitMatches('Error: error', 'ERROR')).toEqual([
      { text: 'Error', match: true },
      { text: ': ', match: false },
      { text: 'error', match: true },
    ])
  })

  it('returns the whole text unmarked when the query is empty', () => {
    expect(splitMatches('abc', '')).toEqual([{ text: 'abc', match: false }])
  })
})

describe('stepMatch', () => {
  it('wraps forward and backward', () => {
    expect(stepMatch(2, 3, 1)).toBe(0)
    expect(stepMatch(0, 3, -1)).toBe(2)
  })

  it('starts at the first or last match when none is current', () => {
    expect(stepMatch(-1, 4, 1)).toBe(0)
    expect(stepMatch(-1, 4, -1)).toBe(3)
  })

  it('is -1 without matches', () => {
    expect(stepMatch(0, 0, 1)).toBe(-1)
  })
})
