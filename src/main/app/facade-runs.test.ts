import { describe, expect, it } from 'vitest'
import { limitLines } from './facade-runs'

describe('limitLines', () => {
  const page = { fromLineNum: 10, toLineNum: 14, logContent: 'a\nb\nc\nd\ne\n', isEnd: true }

  it('keeps a page within the limit as it is', () => {
    expect(limitLines(page, 5)).toBe(page)
  })

  it('cuts a longer page and says where it stopped, so the next page starts after it', () => {
    expect(limitLines(page, 2)).toEqual({ fromLineNum: 10, toLineNum: 11, logContent: 'a\nb\n', isEnd: false })
  })

  it('leaves an empty page alone', () => {
    const empty = { fromLineNum: 3, toLineNum: 0, logContent: '', isEnd: false }
    expect(limitLines(empty, 1)).toBe(empty)
  })
})
