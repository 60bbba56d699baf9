import { describe, expect, it } from 'vitest'
import { piecesWithin, type BlockSource } from './packed-day'

const source = (logId: number, chars: number): BlockSource => ({ logId, writing: 'x'.repeat(chars) })
const ids = (pieces: BlockSource[][]) => pieces.map((piece) => piece.map((s) => s.logId))

describe('piecesWithin', () => {
  it('keeps a batch that fits its worst-case room whole', () => {
    expect(ids(piecesWithin([source(1, 10), source(2, 10)], 60))).toEqual([[1, 2]])
  })

  it('cuts in order where the next run would pass the room (3 bytes a character)', () => {
    expect(ids(piecesWithin([source(1, 10), source(2, 10), source(3, 10), source(4, 1)], 60))).toEqual([
      [1, 2],
      [3, 4],
    ])
  })

  it('gives a run bigger than the room a piece of its own', () => {
    expect(ids(piecesWithin([source(1, 5), source(2, 100), source(3, 5)], 60))).toEqual([[1], [2], [3]])
  })

  it('gives nothing for nothing', () => {
    expect(piecesWithin([], 60)).toEqual([])
  })
})
