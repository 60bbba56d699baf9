import { describe, expect, it } from 'vitest'
import { pageOfText } from './log-text'

describe('pageOfText', () => {
  const text = 'one\ntwo\nthree\n'

  it('returns every line from the requested one, numbered like the executor', () => {
    expect(pageOfText(text, 1, true)).toEqual({ fromLineNum: 1, toLineNum: 3, logContent: text, isEnd: true })
    expect(pageOfText(text, 2, true)).toEqual({ fromLineNum: 2, toLineNum: 3, logContent: 'two\nthree\n', isEnd: true })
  })

  it('answers toLineNum 0 past the end, as XXL-JOB 3.x does', () => {
    expect(pageOfText(text, 4, true)).toEqual({ fromLineNum: 4, toLineNum: 0, logContent: '', isEnd: true })
    expect(pageOfText('', 1, false)).toEqual({ fromLineNum: 1, toLineNum: 0, logContent: '', isEnd: false })
  })

  it('counts a last line without a newline', () => {
    expect(pageOfText('a\nb', 2, true)).toEqual({ fromLineNum: 2, toLineNum: 2, logContent: 'b\n', isEnd: true })
  })
})
