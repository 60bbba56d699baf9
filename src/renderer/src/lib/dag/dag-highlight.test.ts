import { describe, expect, it } from 'vitest'
import type { JobRun } from '../../../../shared/model'
import { chainHighlight, cycleHighlight, linkKey, neighbourHighlight } from './dag-highlight'

describe('cycleHighlight', () => {
  it('marks every job and step of the path the core named, including the refused closing link', () => {
    const path = [1, 2, 3, 1]
    const highlight = cycleHighlight(path)
    expect([...highlight.nodes.keys()].sort()).toEqual([1, 2, 3])
    expect([...highlight.edges]).toEqual([linkKey(1, 2), linkKey(2, 3), linkKey(3, 1)])
  })
})

describe('neighbourHighlight', () => {
  it('marks the job, its parents and children, and only their links', () => {
    const links = [
      { parentJobId: 1, childJobId: 2, condition: 'SUCCESS' as const },
      { parentJobId: 2, childJobId: 3, condition: 'FAILURE' as const },
      { parentJobId: 3, childJobId: 4, condition: 'ALWAYS' as const },
    ]
    const highlight = neighbourHighlight(2, links)
    expect(Object.fromEntries(highlight.nodes)).toEqual({ 1: 'neighbour', 2: 'focus', 3: 'neighbour' })
    expect([...highlight.edges].sort()).toEqual([linkKey(1, 2), linkKey(2, 3)])
  })
})

describe('chainHighlight', () => {
  const run = (id: number, jobId: number, parentLogId: number | null, handleCode: number): JobRun =>
    ({ id, jobId, parentLogId, triggerCode: 200, handleCode }) as JobRun

  it('marks the links runs were fired along and each job’s newest status in the chain', () => {
    // Job 1 ran (10) and fired job 2 (11), which failed, was retried (12) and succeeded, then fired job 3 (13, running).
    const highlight = chainHighlight([run(10, 1, null, 200), run(11, 2, 10, 500), run(12, 2, 11, 200), run(13, 3, 12, 0)])
    expect([...highlight.edges].sort()).toEqual([linkKey(1, 2), linkKey(2, 3)])
    expect(Object.fromEntries(highlight.chainStatus)).toEqual({ 1: 'success', 2: 'success', 3: 'running' })
  })
})
