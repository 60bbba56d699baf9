import { describe, expect, it } from 'vitest'
import { FireMemo } from './fire-memo'

describe('FireMemo', () => {
  it('tells a remembered null apart from a miss', () => {
    const memo = new FireMemo()
    expect(memo.get(100)).toBeUndefined()
    memo.set(100, null)
    memo.set(101, 102_000)
    expect(memo.get(100)).toBeNull()
    expect(memo.get(101)).toBe(102_000)
    expect(memo.get(102)).toBeUndefined()
  })

  it('keeps the last eight query times and forgets the oldest', () => {
    const memo = new FireMemo()
    for (let sec = 0; sec < 10; sec++) memo.set(sec, (sec + 1) * 1000)
    expect(memo.get(0)).toBeUndefined()
    expect(memo.get(1)).toBeUndefined()
    for (let sec = 2; sec < 10; sec++) expect(memo.get(sec)).toBe((sec + 1) * 1000)
  })
})
