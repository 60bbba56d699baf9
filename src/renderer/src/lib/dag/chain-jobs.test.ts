import { describe, expect, it } from 'vitest'
import type { JobLink } from '../../../../shared/model'
import { chainJobIds, chainRootIds } from './chain-jobs'

const link = (parentJobId: number, childJobId: number): JobLink => ({ parentJobId, childJobId, condition: 'SUCCESS' })

describe('chainJobIds', () => {
  it('follows child links down from the root, each job once', () => {
    const links = [link(1, 2), link(1, 3), link(2, 4), link(3, 4), link(9, 1)]
    expect(chainJobIds(1, links)).toEqual([1, 2, 3, 4])
    expect(chainJobIds(4, links)).toEqual([4])
    expect(chainRootIds(links)).toEqual(new Set([1, 2, 3, 9]))
  })
})
