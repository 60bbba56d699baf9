import { describe, expect, it } from 'vitest'
import type { JobLink, LinkCondition } from '../../../shared/model'
import { chainGuard, childrenToFire, MAX_CHAIN_JOBS } from './children'

const link = (parentJobId: number, childJobId: number, condition: LinkCondition): JobLink => ({ parentJobId, childJobId, condition })

describe('childrenToFire', () => {
  const links = [link(1, 9, 'SUCCESS'), link(1, 4, 'FAILURE'), link(1, 6, 'ALWAYS'), link(1, 2, 'SUCCESS'), link(2, 3, 'SUCCESS'), link(1, 1, 'ALWAYS')]

  it('fires SUCCESS and ALWAYS children on success, ascending, never the parent', () => {
    expect(childrenToFire(links, 1, 'success')).toEqual([2, 6, 9])
  })

  it('fires FAILURE and ALWAYS children on failure', () => {
    expect(childrenToFire(links, 1, 'failure')).toEqual([4, 6])
  })

  it('fires nothing for a job without links or a failed job with only SUCCESS links', () => {
    expect(childrenToFire(links, 7, 'success')).toEqual([])
    expect(childrenToFire(links, 2, 'failure')).toEqual([])
  })

  it('lists a child once even if the data holds it twice', () => {
    expect(childrenToFire([link(1, 5, 'SUCCESS'), link(1, 5, 'ALWAYS')], 1, 'success')).toEqual([5])
  })
})

describe('chainGuard', () => {
  it('lets a child fire that is new to the chain', () => {
    expect(chainGuard([1, 2, 3], 4)).toEqual({ fire: true })
    expect(chainGuard([], 4)).toEqual({ fire: true })
  })

  it('refuses a child that already ran in the chain and names the loop', () => {
    const decision = chainGuard([1, 2, 3, 4], 2)
    expect(decision.fire).toBe(false)
    if (decision.fire) return
    expect(decision.reason).toBe('job 2 already ran in this chain; firing it again would repeat the cycle 2 → 3 → 4 → 2')
  })

  it('refuses the parent firing itself', () => {
    const decision = chainGuard([5], 5)
    expect(decision).toEqual({ fire: false, reason: 'job 5 already ran in this chain; firing it again would repeat the cycle 5 → 5' })
  })

  it('caps the chain length at MAX_CHAIN_JOBS jobs', () => {
    const ancestors = Array.from({ length: MAX_CHAIN_JOBS - 1 }, (_, i) => i + 1)
    expect(chainGuard(ancestors, 1000)).toEqual({ fire: true })
    const decision = chainGuard([...ancestors, 500], 1000)
    expect(decision.fire).toBe(false)
    if (decision.fire) return
    expect(decision.reason).toBe(`the chain 1 → 2 → 3 → … → 99 → 500 → 1000 would be ${MAX_CHAIN_JOBS + 1} jobs long; the limit is ${MAX_CHAIN_JOBS}`)
  })

  it('takes a smaller cap', () => {
    expect(chainGuard([1, 2], 3, 3)).toEqual({ fire: true })
    expect(chainGuard([1, 2, 3], 4, 3)).toEqual({ fire: false, reason: 'the chain 1 → 2 → 3 → 4 would be 4 jobs long; the limit is 3' })
  })
})
