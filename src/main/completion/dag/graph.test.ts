import { describe, expect, it } from 'vitest'
import type { JobLink } from '../../../shared/model'
import { findCycle } from './graph'
import { findPath } from '../../../shared/link-path'

const edges = (...pairs: [number, number][]): JobLink[] => pairs.map(([parentJobId, childJobId]) => ({ parentJobId, childJobId, condition: 'SUCCESS' }))

describe('findCycle', () => {
  it('finds nothing in an empty graph, a chain or a diamond', () => {
    expect(findCycle([])).toBeNull()
    expect(findCycle(edges([1, 2], [2, 3], [3, 4]))).toBeNull()
    expect(findCycle(edges([1, 2], [1, 3], [2, 4], [3, 4], [4, 5]))).toBeNull()
  })

  it('returns a two-job cycle starting at its lowest id', () => {
    expect(findCycle(edges([8, 3], [3, 8]))).toEqual([3, 8, 3])
  })

  it('returns a three-job cycle in link order, rotated to its lowest id', () => {
    expect(findCycle(edges([10, 20], [5, 30], [30, 10], [20, 5]))).toEqual([5, 30, 10, 20, 5])
  })

  it('finds a self link', () => {
    expect(findCycle(edges([1, 2], [2, 2]))).toEqual([2, 2])
  })

  it('finds a cycle hanging below an acyclic part of the graph', () => {
    expect(findCycle(edges([1, 2], [1, 3], [3, 4], [4, 5], [5, 3]))).toEqual([3, 4, 5, 3])
  })

  it('walks a chain of 20 000 jobs without overflowing the stack', () => {
    const pairs: [number, number][] = Array.from({ length: 20_000 }, (_, i) => [i + 1, i + 2])
    expect(findCycle(edges(...pairs))).toBeNull()
    const cycle = findCycle(edges(...pairs, [20_001, 1]))
    expect(cycle).toHaveLength(20_002)
    expect(cycle?.slice(0, 3)).toEqual([1, 2, 3])
    expect(cycle?.at(-1)).toBe(1)
  })
})

describe('findPath', () => {
  it('returns the shortest path with both ends, or null', () => {
    const links = edges([1, 2], [2, 3], [3, 4], [1, 4])
    expect(findPath(links, 1, 4)).toEqual([1, 4])
    expect(findPath(links, 2, 4)).toEqual([2, 3, 4])
    expect(findPath(links, 4, 1)).toBeNull()
  })
})
