import { describe, expect, it } from 'vitest'
import { countLines, pageLogParts } from './log-page'

const part = (...lines: string[]) => ({ text: lines.map((line) => `${line}\n`).join(''), lines: lines.length })

describe('pageLogParts', () => {
  const parts = [part('a', 'b'), part('c'), part('d', 'e', 'f')]

  it('numbers lines across parts from 1 and returns every line from fromLineNum on', () => {
    expect(pageLogParts(parts, 1)).toEqual({ fromLineNum: 1, toLineNum: 6, logContent: 'a\nb\nc\nd\ne\nf\n', isEnd: false })
    expect(pageLogParts(parts, 2)).toEqual({ fromLineNum: 2, toLineNum: 6, logContent: 'b\nc\nd\ne\nf\n', isEnd: false })
    expect(pageLogParts(parts, 5)).toEqual({ fromLineNum: 5, toLineNum: 6, logContent: 'e\nf\n', isEnd: false })
  })

  it('answers toLineNum 0 and no content past the end, and treats 0 as line 1', () => {
    expect(pageLogParts(parts, 7)).toEqual({ fromLineNum: 7, toLineNum: 0, logContent: '', isEnd: false })
    expect(pageLogParts(parts, 0)).toMatchObject({ fromLineNum: 0, toLineNum: 6, logContent: 'a\nb\nc\nd\ne\nf\n' })
    expect(pageLogParts([], 1)).toEqual({ fromLineNum: 1, toLineNum: 0, logContent: '', isEnd: false })
  })

  it('continues the numbering of a prefix paged elsewhere', () => {
    expect(pageLogParts([part('x', 'y')], 4, 3, '')).toEqual({ fromLineNum: 4, toLineNum: 5, logContent: 'x\ny\n', isEnd: false })
    expect(pageLogParts([part('x')], 2, 3, 'two\nthree\n')).toMatchObject({ toLineNum: 4, logContent: 'two\nthree\nx\n' })
  })

  it('skips parts whose text was not loaded by their line count alone', () => {
    expect(pageLogParts([{ text: '', lines: 2 }, part('c')], 3)).toMatchObject({ toLineNum: 3, logContent: 'c\n' })
  })
})

describe('line counting', () => {
  it('counts newlines, entries with embedded line breaks included', () => {
    expect(countLines('one\n')).toBe(1)
    expect(countLines('Error: x\n    at f (a.js:1:1)\n')).toBe(2)
    expect(countLines('')).toBe(0)
  })
})
