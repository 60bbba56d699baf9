import { describe, expect, it } from 'vitest'
import { ConflictError, ValidationError, fromErrorInfo, toErrorInfo } from '../../../shared/errors'
import type { JobLink, LinkCondition } from '../../../shared/model'
import { checkLink, CycleError } from './check-link'

const link = (parentJobId: number, childJobId: number, condition: LinkCondition = 'SUCCESS'): JobLink => ({
  parentJobId,
  childJobId,
  condition,
})
const existing =
  (...ids: number[]) =>
  (id: number) =>
    ids.includes(id)
const anyJob = () => true

function thrown(run: () => void): Error {
  try {
    run()
  } catch (error) {
    return error as Error
  }
  throw new Error('expected a throw')
}

describe('checkLink', () => {
  it('accepts a new link between two existing jobs', () => {
    expect(() => checkLink([link(1, 2)], link(2, 3), existing(1, 2, 3))).not.toThrow()
  })

  it('refuses a self link on childJobId', () => {
    const error = thrown(() => checkLink([], link(4, 4), anyJob))
    expect(error).toBeInstanceOf(ValidationError)
    expect(error).toMatchObject({ field: 'childJobId', code: 'link.selfLink' })
  })

  it('names a missing parent or child job', () => {
    const parent = thrown(() => checkLink([], link(12, 3), existing(3)))
    expect(parent).toMatchObject({ field: 'parentJobId', code: 'link.jobMissing', params: { id: 12 } })
    const child = thrown(() => checkLink([], link(3, 12), existing(3)))
    expect(child).toMatchObject({ field: 'childJobId', code: 'link.jobMissing', params: { id: 12 } })
  })

  it('refuses an unknown condition and ids that are not whole numbers', () => {
    const condition = thrown(() => checkLink([], { parentJobId: 1, childJobId: 2, condition: 'MAYBE' as LinkCondition }, anyJob))
    expect(condition).toMatchObject({ field: 'condition', code: 'link.conditionUnknown', params: { got: 'MAYBE' } })
    const id = thrown(() => checkLink([], { parentJobId: 1.5, childJobId: 2, condition: 'SUCCESS' }, anyJob))
    expect((id as ValidationError).field).toBe('parentJobId')
    const zero = thrown(() => checkLink([], link(1, 0), anyJob))
    expect((zero as ValidationError).field).toBe('childJobId')
  })

  it('refuses a two-job cycle and names it', () => {
    const error = thrown(() => checkLink([link(1, 2)], link(2, 1), anyJob))
    expect(error).toBeInstanceOf(CycleError)
    expect(error).toBeInstanceOf(ConflictError)
    expect(error).toMatchObject({ code: 'link.cycle', params: { parentJobId: 2, childJobId: 1, path: [1, 2, 1] } })
    expect((error as CycleError).path).toEqual([1, 2, 1])
  })

  it('refuses a three-job cycle with the path in link order', () => {
    const error = thrown(() => checkLink([link(1, 2), link(2, 3)], link(3, 1), anyJob)) as CycleError
    expect(error.code).toBe('link.cycle')
    expect(error.path).toEqual([1, 2, 3, 1])
  })

  it('names every job of a long cycle, whatever the conditions of the links on the way', () => {
    const chain = Array.from({ length: 40 }, (_, i) => link(i + 1, i + 2, i % 2 === 0 ? 'FAILURE' : 'ALWAYS'))
    const error = thrown(() => checkLink(chain, link(41, 1), anyJob)) as CycleError
    const expected = [...Array.from({ length: 41 }, (_, i) => i + 1), 1]
    expect(error.path).toEqual(expected)
    expect(error.params).toMatchObject({ parentJobId: 41, childJobId: 1, path: expected })
  })

  it('reports the shortest way back when several exist', () => {
    // 5 → 6 → 7 → 8 and a shortcut 5 → 8; closing 8 → 5 should name the shortcut.
    const links = [link(5, 6), link(6, 7), link(7, 8), link(5, 8)]
    const error = thrown(() => checkLink(links, link(8, 5), anyJob)) as CycleError
    expect(error.path).toEqual([5, 8, 5])
  })

  it('accepts diamonds and other joins that are not cycles', () => {
    const diamond = [link(1, 2), link(1, 3), link(2, 4)]
    expect(() => checkLink(diamond, link(3, 4), anyJob)).not.toThrow()
    const joined = [...diamond, link(3, 4)]
    expect(() => checkLink(joined, link(1, 4, 'ALWAYS'), anyJob)).not.toThrow()
    expect(() => checkLink(joined, link(4, 5), anyJob)).not.toThrow()
  })

  it('treats a changed condition on an existing link as no new edge', () => {
    // Data edited by hand already holds 1 ⇄ 2; changing a condition must not be blamed for it.
    const links = [link(1, 2), link(2, 1, 'FAILURE')]
    expect(() => checkLink(links, link(1, 2, 'ALWAYS'), anyJob)).not.toThrow()
    expect(() => checkLink([link(1, 2), link(2, 3)], link(2, 3, 'FAILURE'), anyJob)).not.toThrow()
  })

  it('carries the cycle path as data (code link.cycle, params.path) across the bridge', () => {
    const error = thrown(() => checkLink([link(7, 9), link(9, 11)], link(11, 7), anyJob))
    const received = fromErrorInfo(JSON.parse(JSON.stringify(toErrorInfo(error)))) as ConflictError
    expect(received).toBeInstanceOf(ConflictError)
    expect(received.code).toBe('link.cycle')
    expect(received.params).toEqual({ parentJobId: 11, childJobId: 7, path: (error as CycleError).path })
    expect(received.message).toBe('linking job 11 → job 7 would close the cycle 7 → 9 → 11 → 7')
  })
})
