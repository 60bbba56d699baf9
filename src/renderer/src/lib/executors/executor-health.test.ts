import { describe, expect, it } from 'vitest'
import type { JobGroup, JobRun, RegistryEntry } from '../../../../shared/model'
import { groupAddresses, runningByAddress, straysOf } from './executor-health'

const group = (over: Partial<JobGroup>): JobGroup =>
  ({
    id: 1,
    appName: 'orders',
    name: 'Orders',
    addressType: 0,
    addressList: '',
    accessToken: '',
    protocolGeneration: null,
    autoCreated: false,
    updateTimeMs: 0,
    ...over,
  }) as JobGroup
const entry = (address: string, appName = 'orders'): RegistryEntry => ({ appName, address, updateTimeMs: 0, health: 'online', executor: null })

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

describe('runningByAddress', () => {
  it('lists the runs per address, newest first, and skips runs without one', () => {
    const runs = [
      { id: 1, executorAddress: 'a' },
      { id: 3, executorAddress: 'a' },
      { id: 2, executorAddress: '' },
      { id: 4, executorAddress: 'b' },
    ] as JobRun[]
    const grouped = runningByAddress(runs)
    expect(Object.fromEntries(Object.entries(grouped).map(([address, list]) => [address, list.map((r) => r.id)]))).toEqual({ a: [3, 1], b: [4] })
  })
})

describe('straysOf', () => {
  it('finds registrations without a group', () => {
    expect(straysOf([group({})], [entry('http://a/'), entry('http://z/', 'unknown-app')]).map((e) => e.appName)).toEqual(['unknown-app'])
  })
})
