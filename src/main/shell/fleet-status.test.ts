import { describe, expect, it } from 'vitest'
import type { RegistryEntry } from '../../shared/model'
import { fleetStatus } from './fleet-status'

const entry = (health: RegistryEntry['health']): RegistryEntry => ({ appName: 'a', address: `http://h/${health}`, updateTimeMs: 0, health, executor: null })

describe('fleetStatus', () => {
  it('is green when every executor is online and nothing failed', () => {
    expect(fleetStatus([entry('online'), entry('online')], 0, 0)).toEqual({ color: 'green', summary: '2 executors online · no failed runs in 24 h' })
  })

  it('is amber for a suspect executor or earlier failures', () => {
    expect(fleetStatus([entry('online'), entry('suspect')], 0, 0).color).toBe('amber')
    expect(fleetStatus([entry('online')], 3, 0)).toEqual({ color: 'amber', summary: '1 executor online · 3 failed runs in 24 h' })
  })

  it('is red for a dead executor or a failure in the last hour', () => {
    expect(fleetStatus([entry('online'), entry('dead')], 0, 0)).toEqual({ color: 'red', summary: '1 executor online, 1 dead · no failed runs in 24 h' })
    expect(fleetStatus([entry('online')], 1, 1).color).toBe('red')
  })

  it('says the summary in the console’s language', () => {
    expect(fleetStatus([entry('online'), entry('suspect'), entry('dead')], 2, 0, 'zh-CN').summary).toBe(
      '1 个执行器在线，1 个疑似失联，1 个已失联 · 24 小时内失败 2 次',
    )
    expect(fleetStatus([entry('online')], 0, 0, null).summary).toBe('1 executor online · no failed runs in 24 h')
  })
})
