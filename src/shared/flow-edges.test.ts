import { describe, expect, it } from 'vitest'
import { ancestorsOf, childrenOf, cycleClosedBy, parentsOf } from './flow-edges'

const edges = (...pairs: string[]) => pairs.map((pair) => ({ from: pair.split('>')[0], to: pair.split('>')[1] }))

describe('cycleClosedBy', () => {
  it('names the cycle a link would close, from the new child round to it again', () => {
    expect(cycleClosedBy(edges('a>b', 'b>c'), 'c', 'a')).toEqual(['a', 'b', 'c', 'a'])
  })

  it('names a shortest cycle when several would close', () => {
    expect(cycleClosedBy(edges('a>b', 'b>c', 'c>d', 'a>d'), 'd', 'a')).toEqual(['a', 'd', 'a'])
  })

  it('finds none for a link across branches or into a node already below', () => {
    const graph = edges('a>b', 'a>c', 'b>d')
    expect(cycleClosedBy(graph, 'c', 'd')).toBeNull()
    expect(cycleClosedBy(graph, 'a', 'd')).toBeNull()
    expect(cycleClosedBy([], 'x', 'y')).toBeNull()
  })

  it('counts a link of a node to itself as a cycle', () => {
    expect(cycleClosedBy([], 'a', 'a')).toEqual(['a', 'a'])
  })
})

describe('ancestorsOf', () => {
  it('lists every node upstream, nearest first, each once', () => {
    const graph = edges('a>b', 'b>d', 'c>d', 'a>c', 'd>e')
    expect(ancestorsOf(graph, 'e')).toEqual(['d', 'b', 'c', 'a'])
    expect(ancestorsOf(graph, 'a')).toEqual([])
  })
})

describe('parentsOf and childrenOf', () => {
  it('list the direct neighbours in edge order', () => {
    const graph = edges('a>c', 'b>c', 'c>d')
    expect(parentsOf(graph, 'c')).toEqual(['a', 'b'])
    expect(childrenOf(graph, 'c')).toEqual(['d'])
  })
})
