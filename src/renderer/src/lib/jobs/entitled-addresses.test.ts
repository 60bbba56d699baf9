import { describe, expect, it } from 'vitest'
import type { JobGroup, RegistryEntry } from '../../../../shared/model'
import { addressChoices, calledWithoutToken, entitledAddresses, outsideGroup } from './entitled-addresses'

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
const entry = (address: string, appName = 'orders', health: RegistryEntry['health'] = 'online'): RegistryEntry => ({
  appName,
  address,
  updateTimeMs: 0,
  health,
  executor: null,
})

describe('entitledAddresses', () => {
  it('takes every address registered under the app name, dead or alive, and no other app’s', () => {
    const registry = [entry('http://b/'), entry('http://a/', 'orders', 'dead'), entry('http://x/', 'billing')]
    expect(entitledAddresses(group({}), registry)).toEqual(['http://a/', 'http://b/'])
  })

  it('adds a manual group’s configured list, but not an automatic group’s (the registry writes that one)', () => {
    const registry = [entry('http://b/')]
    expect(entitledAddresses(group({ addressType: 1, addressList: ' http://c/ , ,http://b/' }), registry)).toEqual(['http://b/', 'http://c/'])
    expect(entitledAddresses(group({ addressType: 0, addressList: 'http://stale/' }), registry)).toEqual(['http://b/'])
  })

  it('is empty for a group the console does not know', () => {
    expect(entitledAddresses(undefined, [entry('http://b/')])).toEqual([])
  })
})

describe('outsideGroup and calledWithoutToken', () => {
  const own = ['http://a/', 'jobdesk://embedded/n1/']

  it('keeps the named addresses that are not the group’s, in the order named', () => {
    expect(outsideGroup(['http://z/', 'http://a/', 'http://y/'], own)).toEqual(['http://z/', 'http://y/'])
  })

  it('counts another process’s embedded executor as outside the group, but not as called without a token', () => {
    const named = ['jobdesk://embedded/n2/', 'http://10.0.0.5:9999/', 'jobdesk://embedded/n1/']
    expect(outsideGroup(named, own)).toEqual(['jobdesk://embedded/n2/', 'http://10.0.0.5:9999/'])
    expect(calledWithoutToken(named, own)).toEqual(['http://10.0.0.5:9999/'])
  })
})

describe('addressChoices', () => {
  it('offers the group’s addresses with their health, a configured one that never registered without', () => {
    const registry = [entry('http://a/', 'orders', 'suspect'), entry('http://a/', 'billing', 'dead')]
    expect(addressChoices(['http://a/', 'http://c/'], registry, 'orders', [])).toEqual([
      { address: 'http://a/', health: 'suspect', gone: false },
      { address: 'http://c/', health: null, gone: false },
    ])
  })

  it('keeps a picked address that left the group, marked gone, so it can be unticked', () => {
    expect(addressChoices(['http://a/'], [], 'orders', ['http://b/', 'http://a/'])).toEqual([
      { address: 'http://a/', health: null, gone: false },
      { address: 'http://b/', health: null, gone: true },
    ])
  })
})
