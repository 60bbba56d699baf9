import { describe, expect, it } from 'vitest'
import type { JobGroup, JobRun, RegistryEntry } from '../../../shared/model'
import { countRunningByAddress, groupAddresses, straysOf } from './executor-health'

const group = (over: Partial<JobGroup>): JobGroup =>
  ({ id: 1, appName: 'orders', name: 'Orders', addressType: 0, addressList: '', accessToken: '', protocolGeneration: null, autoCreated: false, updateTimeMs: 0, ...over }) as JobGroup
const entry = (address: string, appName = 'orders'): RegistryEntry => ({ appName, address, updateTimeMs: 0, health: 'online' })

describe('groupAddresses', () => {
  it('lists an automatic group’s registered addresses sorted as strings', () => {
    const registry = [entry('http://10.0.0.9:9999/'), entry('http://10.0.0.10:9999/'), entry('http://x/', 'other')]
    expect(groupAddresses(group({}), registry).map((a) => a.address)).toEqual(['http://10.0.0.10:9999/', 'http://10.0.0.9:9999/'])
  })

  it('keeps a manual group’s own order and marks addresses that never registered', () => {
    const registry = [entry('http://b/')]
    const addresses = groupAddresses(group({ addressType: 1, addressList: 'http://c/, http://b/' }), registry)
    expect(addresses.map((a) => [a.address, a.entry?.health ?? null])).toEqual([
      ['http://c/', null],
      ['http://b/', 'online'],
    ])
  })
})

describe('countRunningByAddress', () => {
  it('counts runs per address and skips runs without one', () => {
    const runs = [{ executorAddress: 'a' }, { executorAddress: 'a' }, { executorAddress: '' }, { executorAddress: 'b' }] as JobRun[]
    expect(countRunningByAddress(runs)).toEqual({ a: 2, b: 1 })
  })
})

describe('straysOf', () => {
  it('finds registrations without a group', () => {
    expect(straysOf([group({})], [entry('http://a/'), entry('http://z/', 'unknown-app')]).map((e) => e.appName)).toEqual(['unknown-app'])
  })
})
