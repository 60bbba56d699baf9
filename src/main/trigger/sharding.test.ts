import { describe, expect, it } from 'vitest'
import { ValidationError } from '../../shared/errors'
import { formatShardingParam, parseShardingParam, planShards } from './sharding'

const [a, b, c] = ['http://127.0.0.1:9001/', 'http://127.0.0.1:9002/', 'http://127.0.0.1:9003/']

function validationErrorOf(run: () => unknown): ValidationError {
  try {
    run()
  } catch (error) {
    if (error instanceof ValidationError) return error
    throw error
  }
  throw new Error('expected a ValidationError')
}

describe('planShards', () => {
  it('plans one shard per address, in list order, each knowing the total', () => {
    expect(planShards([a, b, c])).toEqual([
      { index: 0, total: 3, address: a },
      { index: 1, total: 3, address: b },
      { index: 2, total: 3, address: c },
    ])
  })

  it('plans nothing for an empty group', () => {
    expect(planShards([])).toEqual([])
    expect(planShards([], null)).toEqual([])
  })

  it('treats a null or empty sharding param as a fresh broadcast', () => {
    expect(planShards([a, b], null)).toHaveLength(2)
    expect(planShards([a, b], '')).toHaveLength(2)
  })

  it('sends a retried shard to the same position of the current list, keeping index and total', () => {
    expect(planShards([a, b, c], '1/3')).toEqual([{ index: 1, total: 3, address: b }])
    // Membership changed since: same shard number, now a different machine.
    expect(planShards([c, a, b], '1/3')).toEqual([{ index: 1, total: 3, address: a }])
  })

  it('sends a retried shard to the first address when the list is now shorter than its index', () => {
    expect(planShards([b, c], '2/3')).toEqual([{ index: 2, total: 3, address: b }])
  })

  it('keeps the shard with no address when the group is now empty', () => {
    expect(planShards([], '0/2')).toEqual([{ index: 0, total: 2, address: null }])
  })

  it('refuses an invalid sharding param naming executorShardingParam', () => {
    for (const text of ['1', '1/', '/3', 'a/b', '-1/3', '1/3/5', ' 1/3', '1.0/3']) {
      const error = validationErrorOf(() => planShards([a], text))
      expect(error.field).toBe('executorShardingParam')
      expect(error.message).toContain(text)
    }
  })
})

describe('sharding param text', () => {
  it('formats as index/total and parses back', () => {
    expect(formatShardingParam(2, 5)).toBe('2/5')
    expect(parseShardingParam(formatShardingParam(2, 5))).toEqual({ index: 2, total: 5 })
    expect(parseShardingParam('0/1')).toEqual({ index: 0, total: 1 })
  })

  it('requires a total of at least 1 and an index below the total', () => {
    const zeroTotal = validationErrorOf(() => parseShardingParam('0/0'))
    expect(zeroTotal.message).toMatch(/total must be at least 1/)
    expect(zeroTotal.field).toBe('executorShardingParam')
    // Coded, so the console says it in its language.
    expect(zeroTotal).toMatchObject({ code: 'run.shardTotal', params: { got: '0/0' } })
    expect(validationErrorOf(() => parseShardingParam('1-3'))).toMatchObject({ code: 'run.shardForm', params: { got: '1-3' } })
    expect(validationErrorOf(() => parseShardingParam('3/3')).message).toMatch(/index must be in 0…2/)
  })
})
