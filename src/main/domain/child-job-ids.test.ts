import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../shared/errors'
import type { JobLink, LinkCondition } from '../../shared/model'
import { childJobIdList, parseChildJobIds } from './child-job-ids'

const link = (parentJobId: number, childJobId: number, condition: LinkCondition): JobLink => ({ parentJobId, childJobId, condition })

function failure(text: string): ValidationError {
  try {
    parseChildJobIds(text)
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError)
    return error as ValidationError
  }
  throw new Error(`'${text}' was accepted`)
}

describe('childJobIdList', () => {
  it('lists the SUCCESS children of one parent, ascending', () => {
    const links = [link(1, 9, 'SUCCESS'), link(1, 3, 'SUCCESS'), link(1, 4, 'FAILURE'), link(1, 5, 'ALWAYS'), link(2, 7, 'SUCCESS')]
    expect(childJobIdList(links, 1)).toBe('3,9')
    expect(childJobIdList(links, 2)).toBe('7')
  })

  it('is empty without SUCCESS links', () => {
    expect(childJobIdList([link(1, 4, 'FAILURE')], 1)).toBe('')
    expect(childJobIdList([], 1)).toBe('')
  })

  it('round-trips through parseChildJobIds', () => {
    const links = [link(4, 30, 'SUCCESS'), link(4, 12, 'SUCCESS'), link(4, 7, 'SUCCESS')]
    expect(parseChildJobIds(childJobIdList(links, 4))).toEqual([7, 12, 30])
  })
})

describe('parseChildJobIds', () => {
  it('reads ids separated by commas, with spaces around them, ascending and once each', () => {
    expect(parseChildJobIds('3,1, 2 ,3')).toEqual([1, 2, 3])
    expect(parseChildJobIds('42')).toEqual([42])
  })

  it('reads blank text as no children', () => {
    expect(parseChildJobIds('')).toEqual([])
    expect(parseChildJobIds('  ')).toEqual([])
  })

  it('names a value that is not a number', () => {
    const error = failure('1,abc')
    expect(error).toMatchObject({ field: 'childJobId', code: 'childJobIds.notId', params: { got: '"abc"' } })
    expect(failure('1;2')).toMatchObject({ code: 'childJobIds.notId', params: { got: '"1;2"' } })
    expect(failure('-3')).toMatchObject({ code: 'childJobIds.notId', params: { got: '"-3"' } })
    expect(failure('2.5').field).toBe('childJobId')
  })

  it('names an empty item', () => {
    expect(failure('1,,2')).toMatchObject({ field: 'childJobId', code: 'childJobIds.empty', params: { item: 2 } })
    expect(failure('1,')).toMatchObject({ field: 'childJobId', code: 'childJobIds.empty', params: { item: 2 } })
  })

  it('refuses id 0 and ids beyond the safe integer range', () => {
    expect(failure('0')).toMatchObject({ field: 'childJobId', code: 'childJobIds.belowOne', params: { got: '"0"' } })
    expect(failure('99999999999999999999').field).toBe('childJobId')
  })
})
