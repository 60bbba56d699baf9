import { describe, expect, it } from 'vitest'
import { heldRuns } from './held-runs'

const runs = (...ids: number[]) => ids.map((id) => ({ id }))

describe('heldRuns', () => {
  it('shows every run when the list is not held', () => {
    const list = runs(12, 11, 10)
    expect(heldRuns(list, null)).toEqual({ shown: list, newer: 0 })
  })

  it('keeps the runs newer than the hold out of the list and counts them', () => {
    expect(heldRuns(runs(13, 12, 11, 10), 11)).toEqual({ shown: runs(11, 10), newer: 2 })
  })

  it('gives the same list back when nothing newer arrived (nothing re-renders)', () => {
    const list = runs(11, 10)
    expect(heldRuns(list, 11).shown).toBe(list)
  })

  it('shows nothing newer than the hold even when the held run itself left the list', () => {
    expect(heldRuns(runs(14, 12, 10), 11)).toEqual({ shown: runs(10), newer: 2 })
  })
})
