import { describe, expect, it } from 'vitest'
import { createLeastRecentlyUsedRouter } from './least-recently-used'
import { ROUTE_MEMORY_TTL_MS } from './route-memory'
import type { RouteProbe, Router } from './router'

const DAY_START_MS = Date.UTC(2026, 0, 5, 8, 0, 0)
const [a, b, c, d] = [9001, 9002, 9003, 9004].map((port) => `http://127.0.0.1:${port}/`)
const unusedProbe = {} as RouteProbe

async function routeMany(router: Router, addresses: string[], times: number, nowMs = DAY_START_MS, jobId = 1) {
  const chosen: (string | null)[] = []
  const request = { jobId, addresses, nowMs, probe: unusedProbe }
  for (let i = 0; i < times; i++) chosen.push((await router.route(request)).chosen)
  return chosen
}

describe('LEAST_RECENTLY_USED router', () => {
  it('cycles through the addresses in list order', async () => {
    expect(await routeMany(createLeastRecentlyUsedRouter(), [a, b, c], 7)).toEqual([a, b, c, a, b, c, a])
  })

  it('queues a newly added address as most recent, so it is picked after the older ones', async () => {
    const router = createLeastRecentlyUsedRouter()
    expect(await routeMany(router, [a, b, c], 2)).toEqual([a, b]) // order now c, a, b
    expect(await routeMany(router, [a, b, c, d], 5)).toEqual([c, a, b, d, c])
  })

  it('drops an address no longer listed, so it rejoins as most recent', async () => {
    const router = createLeastRecentlyUsedRouter()
    expect(await routeMany(router, [a, b, c], 1)).toEqual([a]) // b, c, a
    expect(await routeMany(router, [b, c], 1)).toEqual([b]) // c, b (a dropped)
    // a rejoins behind b; had it been kept it would be eldest after c.
    expect(await routeMany(router, [a, b, c], 3)).toEqual([c, b, a])
  })

  it('keeps the order per job', async () => {
    const router = createLeastRecentlyUsedRouter()
    expect(await routeMany(router, [a, b], 1, DAY_START_MS, 1)).toEqual([a])
    expect(await routeMany(router, [a, b], 1, DAY_START_MS, 2)).toEqual([a])
  })

  it('discards the order once 24 h have passed', async () => {
    const router = createLeastRecentlyUsedRouter()
    expect(await routeMany(router, [a, b], 1, DAY_START_MS)).toEqual([a])
    expect(await routeMany(router, [a, b], 1, DAY_START_MS + ROUTE_MEMORY_TTL_MS)).toEqual([b])
    expect(await routeMany(router, [a, b], 1, DAY_START_MS + ROUTE_MEMORY_TTL_MS + 1)).toEqual([a])
  })
})
