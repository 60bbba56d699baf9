import { describe, expect, it } from 'vitest'
import { ROUTE_STRATEGIES } from '../../../shared/model'
import { EMPTY_ADDRESS_REASON, createRouters, type RouteProbe } from './index'
import { routeReasonText } from '../../../shared/route-trail-text'

const addresses = ['http://127.0.0.1:9001/', 'http://127.0.0.1:9002/', 'http://127.0.0.1:9003/']

function countingProbe() {
  const calls: string[] = []
  const probe: RouteProbe = {
    async beat(address) {
      calls.push(address)
      return { code: 200 }
    },
    async idleBeat(address) {
      calls.push(address)
      return { code: 200 }
    },
  }
  return { probe, calls }
}

describe('createRouters', () => {
  it('has one router for every wire name except SHARDING_BROADCAST', () => {
    const routers = createRouters()
    expect(Object.keys(routers).sort()).toEqual(ROUTE_STRATEGIES.filter((s) => s !== 'SHARDING_BROADCAST').sort())
  })

  it('makes every router name its own strategy in the trail and pick a listed address', async () => {
    const routers = createRouters()
    for (const [strategy, router] of Object.entries(routers)) {
      const trail = await router.route({ jobId: 1, addresses, nowMs: 0, probe: countingProbe().probe })
      expect(trail.strategy).toBe(strategy)
      expect(addresses).toContain(trail.chosen)
      expect(trail.candidates).toEqual(addresses)
      expect(routeReasonText(trail.reason).length).toBeGreaterThan(0)
    }
  })

  it('fails every strategy on an empty address list without probing', async () => {
    for (const router of Object.values(createRouters())) {
      const { probe, calls } = countingProbe()
      const trail = await router.route({ jobId: 1, addresses: [], nowMs: 0, probe })
      expect(trail.chosen).toBeNull()
      expect(trail.reason).toBe(EMPTY_ADDRESS_REASON)
      expect(routeReasonText(trail.reason)).toMatch(/registry address is empty/i)
      expect(calls).toEqual([])
    }
  })

  it('routes FIRST to the first and LAST to the last address', async () => {
    const { FIRST, LAST } = createRouters()
    const probe = countingProbe().probe
    expect((await FIRST.route({ jobId: 1, addresses, nowMs: 0, probe })).chosen).toBe(addresses[0])
    expect((await LAST.route({ jobId: 1, addresses, nowMs: 0, probe })).chosen).toBe(addresses[2])
  })

  it('keeps no routing state of its own: two sets (two nodes) route the same request alike', async () => {
    const one = createRouters({ random: () => 0 })
    const two = createRouters({ random: () => 0 })
    const probe = countingProbe().probe
    const request = { jobId: 1, addresses, nowMs: 0, probe, shared: { roundPosition: 4, uses: [] } }
    for (const strategy of ['ROUND', 'LEAST_FREQUENTLY_USED', 'LEAST_RECENTLY_USED'] as const) {
      const first = await one[strategy].route(request)
      expect(await one[strategy].route(request)).toEqual(first)
      expect(await two[strategy].route(request)).toEqual(first)
    }
  })
})
