import { describe, expect, it } from 'vitest'
import { cycleClosedBy } from './link-path'

const links = [
  { parentJobId: 1, childJobId: 2 },
  { parentJobId: 2, childJobId: 3 },
]

describe('cycleClosedBy', () => {
  it('names the cycle a new link would close, in link order, its first job repeated', () => {
    expect(cycleClosedBy(links, 3, 1)).toEqual([1, 2, 3, 1])
  })

  it('finds none for a link that closes no cycle, or for a pair already linked (only its condition changes)', () => {
    expect(cycleClosedBy(links, 1, 3)).toBeNull()
    expect(cycleClosedBy(links, 2, 3)).toBeNull()
  })
})
