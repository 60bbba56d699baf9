import { describe, expect, it } from 'vitest'
import { USE_WINDOW_MS } from '../../domain/address-use'
import { type AddressUse } from '../../domain/address-use'
import { createLeastFrequentlyUsedRouter } from './least-frequently-used'
import type { RouteProbe } from './router'
import { routeReasonText } from '../../../shared/route-trail-text'

const NOW_MS = Date.UTC(2026, 0, 5, 8, 0, 0)
const [a, b, c] = ['http://127.0.0.1:9001/', 'http://127.0.0.1:9002/', 'http://127.0.0.1:9003/']
const unusedProbe = {} as RouteProbe
const use = (address: string, useCount: number, windowStartMs = NOW_MS - 1000): AddressUse => ({ address, useCount, lastUsedMs: NOW_MS - 1000, windowStartMs })
const route = (uses: AddressUse[], jobId = 3, addresses = [a, b, c]) =>
  createLeastFrequentlyUsedRouter().route({ jobId, addresses, nowMs: NOW_MS, probe: unusedProbe, shared: { uses } })

describe('LEAST_FREQUENTLY_USED router', () => {
  it('picks the address this job used least often', async () => {
    expect((await route([use(a, 4), use(b, 2), use(c, 3)])).chosen).toBe(b)
  })

  it('counts an address never used as 0', async () => {
    expect((await route([use(a, 1), use(b, 1)])).chosen).toBe(c)
  })

  it('forgets counts whose 24-h window has passed', async () => {
    expect((await route([use(a, 0 + 9, NOW_MS - USE_WINDOW_MS - 1), use(b, 1), use(c, 1)])).chosen).toBe(a)
  })

  it('breaks ties from the position jobId mod n, so jobs without history spread over the list', async () => {
    const chosen = await Promise.all([3, 4, 5].map(async (jobId) => (await route([], jobId)).chosen))
    expect(chosen).toEqual([a, b, c])
  })

  it('says how often the chosen address was used', async () => {
    expect(routeReasonText((await route([use(a, 4), use(b, 2), use(c, 3)])).reason)).toBe(
      'Least frequently used for job 3: used 2 time(s) in 24 h, the fewest of 3 addresses.',
    )
  })
})
