import { describe, expect, it } from 'vitest'
import { createLeastFrequentlyUsedRouter } from './least-frequently-used'
import { ROUTE_MEMORY_TTL_MS } from './route-memory'
import type { RouteProbe, Router } from './router'
import { routeReasonText } from './format-route-trail'

const DAY_START_MS = Date.UTC(2026, 0, 5, 8, 0, 0)
const [a, b, c] = ['http://127.0.0.1:9001/', 'http://127.0.0.1:9002/', 'http://127.0.0.1:9003/']
const unusedProbe = {} as RouteProbe

async function routeMany(router: Router, addresses: string[], times: number, nowMs = DAY_START_MS, jobId = 1) {
  const chosen: (string | null)[] = []
  const request = { jobId, addresses, nowMs, probe: unusedProbe }
  for (let i = 0; i < times; i++) chosen.push((await router.route(request)).chosen)
  return chosen
}

describe('LEAST_FREQUENTLY_USED router', () => {
  it('starts each address at a random count 0…n−1 and picks the smallest, earlier address on a tie', async () => {
    const starts = [0.7, 0.1, 0.4] // counts a=2, b=0, c=1
    const router = createLeastFrequentlyUsedRouter({ random: () => starts.shift() ?? 0 })
    expect(await routeMany(router, [a, b, c], 6)).toEqual([b, b, c, a, b, c])
  })

  it('evens out the use counts over many triggers', async () => {
    const starts = [0.99, 0.0, 0.5] // counts a=2, b=0, c=1
    const router = createLeastFrequentlyUsedRouter({ random: () => starts.shift() ?? 0 })
    const chosen = await routeMany(router, [a, b, c], 33)
    const used = (address: string) => chosen.filter((x) => x === address).length
    // Start counts plus uses must end equal: 2 + 10 = 0 + 12 = 1 + 11.
    expect([used(a), used(b), used(c)]).toEqual([10, 12, 11])
  })

  it('drops an address no longer listed, so it comes back with a fresh count', async () => {
    const router = createLeastFrequentlyUsedRouter({ random: () => 0 })
    await routeMany(router, [a, b], 4) // a=2, b=2
    expect(await routeMany(router, [a], 1)).toEqual([a]) // a=3, b dropped
    // Back with count 0, b takes three turns before the tie at 3 goes to a; a kept b=2 would take one.
    expect(await routeMany(router, [a, b], 4)).toEqual([b, b, b, a])
  })

  it('keeps counts per job', async () => {
    const router = createLeastFrequentlyUsedRouter({ random: () => 0 })
    expect(await routeMany(router, [a, b], 1, DAY_START_MS, 1)).toEqual([a])
    expect(await routeMany(router, [a, b], 1, DAY_START_MS, 2)).toEqual([a])
  })

  it('discards all counts once 24 h have passed', async () => {
    const router = createLeastFrequentlyUsedRouter({ random: () => 0 })
    expect(await routeMany(router, [a, b], 1, DAY_START_MS)).toEqual([a])
    expect(await routeMany(router, [a, b], 1, DAY_START_MS + ROUTE_MEMORY_TTL_MS)).toEqual([b])
    expect(await routeMany(router, [a, b], 1, DAY_START_MS + ROUTE_MEMORY_TTL_MS + 1)).toEqual([a])
  })

  it('restarts a count that has passed 1,000,000 at a random value', async () => {
    const router = createLeastFrequentlyUsedRouter({ random: () => 0 })
    const request = { jobId: 1, addresses: [a], nowMs: DAY_START_MS, probe: unusedProbe }
    let last = await router.route(request) // count 0 → 1
    for (let used = 1; used <= 1_000_000; used++) last = await router.route(request)
    expect(routeReasonText(last.reason)).toContain('use count 1000000,') // now stores 1,000,001
    const restarted = await router.route(request)
    expect(routeReasonText(restarted.reason)).toContain('use count 0,')
  })
})
