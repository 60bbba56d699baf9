import { describe, expect, it } from 'vitest'
import type { JobLink } from '../../../../shared/model'
import { planChildLinks } from './link-plan'

const links: JobLink[] = [
  { parentJobId: 1, childJobId: 2, condition: 'SUCCESS' },
  { parentJobId: 1, childJobId: 3, condition: 'FAILURE' },
  { parentJobId: 4, childJobId: 1, condition: 'SUCCESS' },
]

describe('planChildLinks', () => {
  it('saves new and changed children and removes dropped ones, leaving other jobs’ links alone', () => {
    const plan = planChildLinks(1, links, [
      { childJobId: 2, condition: 'ALWAYS' },
      { childJobId: 5, condition: 'SUCCESS' },
    ])
    expect(plan.save).toEqual([
      { parentJobId: 1, childJobId: 2, condition: 'ALWAYS' },
      { parentJobId: 1, childJobId: 5, condition: 'SUCCESS' },
    ])
    expect(plan.remove).toEqual([{ parentJobId: 1, childJobId: 3, condition: 'FAILURE' }])
  })

  it('plans nothing when the rows match what is saved', () => {
    expect(
      planChildLinks(1, links, [
        { childJobId: 3, condition: 'FAILURE' },
        { childJobId: 2, condition: 'SUCCESS' },
      ]),
    ).toEqual({ save: [], remove: [] })
  })

  it('ignores unset rows and a job linked to itself', () => {
    expect(
      planChildLinks(
        9,
        [],
        [
          { childJobId: 0, condition: 'SUCCESS' },
          { childJobId: 9, condition: 'SUCCESS' },
        ],
      ),
    ).toEqual({ save: [], remove: [] })
  })
})
