import { describe, expect, it } from 'vitest'
import type { JobGroup } from '../../shared/model'
import { SUCCESS, type ExecutorApi } from '../executor/executor-api'
import { ExecutorDirectory } from './executor-directory'
import { embeddedAddressOf } from '../domain/embedded-address'

const own = embeddedAddressOf('node-b')
const other = embeddedAddressOf('node-a')
const lan = 'http://10.0.0.5:9999/'

const answering = (): ExecutorApi => {
  const reply = async () => SUCCESS
  return { beat: reply, idleBeat: reply, run: reply, kill: reply, log: reply } as unknown as ExecutorApi
}

describe('ExecutorDirectory.localFirst', () => {
  const directory = new ExecutorDirectory({ embedded: null, embeddedAddress: own, remote: null, peer: (address) => (address === other ? answering() : null) })

  it("puts this node's embedded executor first and keeps the others' order", () => {
    expect(directory.localFirst([other, lan, own])).toEqual([own, other, lan])
    expect(directory.localFirst([lan, own, other])).toEqual([own, lan, other])
  })

  it('leaves a list without it, or already starting with it, as it was', () => {
    expect(directory.localFirst([other, lan])).toEqual([other, lan])
    expect(directory.localFirst([own, other])).toEqual([own, other])
    expect(directory.localFirst([])).toEqual([])
  })

  it("reaches another node's embedded executor only where that node serves it", () => {
    expect(directory.canReach(other)).toBe(true)
    expect(directory.canReach(embeddedAddressOf('node-c'))).toBe(false)
    expect(directory.canReach(lan)).toBe(true)
  })
})

describe('ExecutorDirectory.reach', () => {
  const group = { id: 3, appName: 'billing', accessToken: 'billing-token' } as JobGroup
  const made: { address: string; withToken: boolean }[] = []
  const directory = new ExecutorDirectory({
    embedded: null,
    embeddedAddress: own,
    remote: (address, _group, withToken) => {
      made.push({ address, withToken })
      return answering()
    },
    entitled: async (g) => new Set(g?.id === 3 ? [lan] : []),
  })

  it("carries the group's token to the group's own address and to no other", async () => {
    expect((await directory.reach(lan, group)).withToken).toBe(true)
    expect((await directory.reach('http://10.0.0.66:9999/', group)).withToken).toBe(false)
    expect((await directory.reach(lan, undefined)).withToken).toBe(false)
    expect(made).toEqual([
      { address: lan, withToken: true },
      { address: 'http://10.0.0.66:9999/', withToken: false },
      { address: lan, withToken: false },
    ])
  })

  it('carries the token for a run it was sent with, after its address left the group, and never for a run an admin sent without', async () => {
    made.length = 0
    const gone = 'http://10.0.0.7:9999/'
    const route = (tokenless?: string[]) => ({
      strategy: 'FIRST',
      candidates: [gone],
      leftOut: [],
      probes: [],
      chosen: gone,
      reason: { code: 'routeReason.first', params: {} },
      shard: null,
      ...(tokenless ? { tokenless } : {}),
    })
    const trail = (tokenless?: string[]) =>
      ({
        version: 1,
        triggerType: 'MANUAL',
        group: null,
        route: route(tokenless),
        block: null,
        result: { code: 'triggerResult.accepted', params: {} },
      }) as never
    await directory.reachRun({ executorAddress: gone, triggerTrail: trail() }, group)
    await directory.reachRun({ executorAddress: gone, triggerTrail: trail([gone]) }, group)
    await directory.reachRun({ executorAddress: gone, triggerTrail: null }, group)
    expect(made).toEqual([
      { address: gone, withToken: true },
      { address: gone, withToken: false },
      { address: gone, withToken: false },
    ])
  })
})
