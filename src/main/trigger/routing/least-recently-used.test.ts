import { describe, expect, it } from 'vitest'
import { routeReasonText } from '../../../shared/route-trail-text'
import type { AddressUse } from '../../domain/address-use'
import { createLeastRecentlyUsedRouter } from './least-recently-used'
import type { RouteProbe } from './router'

const NOW_MS = Date.UTC(2026, 0, 5, 8, 0, 0)
const [a, b, c] = [9001, 9002, 9003].map((port) => `http://127.0.0.1:${port}/`)
const unusedProbe = {} as RouteProbe
const used = (address: string, agoMs: number): AddressUse => ({ address, useCount: 1, lastUsedMs: NOW_MS - agoMs, windowStartMs: NOW_MS - agoMs })
const route = (uses: AddressUse[], jobId = 3) =>
  createLeastRecentlyUsedRouter().route({ jobId, addresses: [a, b, c], nowMs: NOW_MS, probe: unusedProbe, shared: { uses } })

describe('LEAST_RECENTLY_USED router', () => {
  it('picks the address this job routed to longest ago', async () => {
    expect((await route([used(a, 1000), used(b, 5000), used(c, 3000)])).chosen).toBe(b)
  })

  it('puts an address never used before every used one', async () => {
    expect((await route([used(a, 1000), used(c, 9000)])).chosen).toBe(b)
  })

  it('breaks ties from the position jobId mod n, so jobs without history spread over the list', async () => {
    const chosen = await Promise.all([3, 4, 5].map(async (jobId) => (await route([], jobId)).chosen))
    expect(chosen).toEqual([a, b, c])
  })

  it('says why the chosen address won', async () => {
    expect(routeReasonText((await route([])).reason)).toBe('Least recently used for job 3: the address routed to longest ago among 3.')
  })
})
