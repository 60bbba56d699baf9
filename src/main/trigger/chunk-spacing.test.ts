import { describe, expect, it } from 'vitest'
import { gapBeforeChunk, SPACING_MARGIN_MS } from './chunk-spacing'

const SECOND = 1_900_000_001_000

describe('gapBeforeChunk', () => {
  it('leaves as long as the last chunk took while the chunks left fit twice over before the second', () => {
    // 200 ms ahead, 39 chunks left of 2 ms each: 78 ms of writing, 102 ms to spare.
    expect(gapBeforeChunk(SECOND - 200, SECOND, 39, 2)).toBe(2)
  })

  it('spreads what there is to spare when it is less than a chunk per chunk', () => {
    // 100 ms ahead: 80 ms before the margin, 39 chunks of 2 ms take 78 ms, 2 ms to spare over 39 gaps.
    expect(gapBeforeChunk(SECOND - 100, SECOND, 39, 2)).toBe(0)
    // 10 chunks of 3 ms 60 ms ahead: 40 ms before the margin, 30 ms of writing, 1 ms a gap.
    expect(gapBeforeChunk(SECOND - 60, SECOND, 10, 3)).toBe(1)
  })

  it('leaves nothing when the chunks left would not land before the margin, or once the second is past', () => {
    expect(gapBeforeChunk(SECOND - SPACING_MARGIN_MS - 30, SECOND, 10, 3)).toBe(0)
    expect(gapBeforeChunk(SECOND + 5, SECOND, 10, 3)).toBe(0)
  })

  it('leaves nothing when no chunk is left or the last one took no measurable time', () => {
    expect(gapBeforeChunk(SECOND - 200, SECOND, 0, 2)).toBe(0)
    expect(gapBeforeChunk(SECOND - 200, SECOND, 10, 0)).toBe(0)
  })
})
