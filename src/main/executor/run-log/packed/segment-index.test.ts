import { describe, expect, it } from 'vitest'
import { INDEX_RECORD_BYTES, SegmentIndex, writeIndexRecord } from './segment-index'

function encode(records: Array<[number, number, number, number]>): Buffer {
  const bytes = Buffer.alloc(records.length * INDEX_RECORD_BYTES)
  records.forEach(([logId, offset, length, lines], i) => writeIndexRecord(bytes, i, logId, offset, length, lines))
  return bytes
}

describe('SegmentIndex', () => {
  it('finds every block of a run in write order, large logIds included', () => {
    const big = 2 ** 40 + 7
    const index = SegmentIndex.decode(
      encode([
        [5, 0, 100, 3],
        [6, 100, 50, 2],
        [5, 150, 20, 1],
        [big, 170, 10, 1],
      ]),
    )
    expect(index.count).toBe(4)
    expect(index.find(5)).toEqual([
      { offset: 0, length: 100, lines: 3 },
      { offset: 150, length: 20, lines: 1 },
    ])
    expect(index.find(big)).toEqual([{ offset: 170, length: 10, lines: 1 }])
    expect(index.find(7)).toEqual([])
    expect([index.minLogId, index.maxLogId]).toEqual([5, big])
  })

  it('skips zero-filled and altered records and a torn record at the end', () => {
    const good = encode([
      [1, 0, 10, 1],
      [2, 10, 10, 1],
      [3, 20, 10, 1],
    ])
    good.writeUInt32LE(999, INDEX_RECORD_BYTES + 12)
    const bytes = Buffer.concat([good, Buffer.alloc(INDEX_RECORD_BYTES), encode([[4, 30, 10, 1]]).subarray(0, 17)])
    const index = SegmentIndex.decode(bytes)
    expect(index.count).toBe(2)
    expect(index.find(1)).toHaveLength(1)
    expect(index.find(2)).toEqual([])
    expect(index.find(3)).toHaveLength(1)
  })

  it('grows past its first capacity', () => {
    const index = new SegmentIndex(2)
    for (let i = 1; i <= 100; i++) index.add(i, i * 10, 10, 1)
    expect(index.count).toBe(100)
    expect(index.find(77)).toEqual([{ offset: 770, length: 10, lines: 1 }])
  })
})
