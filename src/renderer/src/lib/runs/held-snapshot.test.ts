import { describe, expect, it } from 'vitest'
import { heldSnapshot } from './held-snapshot'

const row = (id: number, status = 'running') => ({ id, status })

describe('heldSnapshot', () => {
  it('shows the latest rows as they are when nothing holds them', () => {
    const latest = [row(3), row(2)]
    expect(heldSnapshot(latest, null)).toEqual({ shown: latest, newer: 0 })
  })

  it('keeps the held rows in place, counts newer ones, and shows each held row in its newest version', () => {
    const snapshot = [row(3), row(2), row(1)]
    const latest = [row(5), row(4), row(3, 'success'), row(2)]
    expect(heldSnapshot(latest, snapshot)).toEqual({ shown: [row(3, 'success'), row(2), row(1)], newer: 2 })
  })

  it('holds an empty list empty, counting what arrived', () => {
    expect(heldSnapshot([row(1)], [])).toEqual({ shown: [], newer: 1 })
  })
})
