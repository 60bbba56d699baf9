import { describe, expect, it } from 'vitest'
import type { RouteProbe } from './router'
import { createRoundRouter } from './round'
import { routeReasonText } from '../../../shared/route-trail-text'

const NOW_MS = Date.UTC(2026, 0, 5, 8, 0, 0)
const addresses = ['http://127.0.0.1:9001/', 'http://127.0.0.1:9002/', 'http://127.0.0.1:9003/']
const unusedProbe = {} as RouteProbe
const route = (roundPosition: number, list = addresses, jobId = 1) =>
  createRoundRouter().route({ jobId, addresses: list, nowMs: NOW_MS, probe: unusedProbe, shared: { roundPosition } })

describe('ROUND router', () => {
  it('takes the address at the run’s position modulo the list length, so consecutive positions go round', async () => {
    const chosen = []
    for (const position of [57, 58, 59, 60, 61]) chosen.push((await route(position)).chosen)
    expect(chosen).toEqual([addresses[0], addresses[1], addresses[2], addresses[0], addresses[1]])
  })

  it('follows the current list length when the list changes', async () => {
    expect((await route(4)).chosen).toBe(addresses[1])
    expect((await route(5, addresses.slice(0, 2))).chosen).toBe(addresses[1])
  })

  it('names the position, the index and the list length in its reason', async () => {
    expect(routeReasonText((await route(7, addresses, 3)).reason)).toBe('Round position 7 of job 3 selects index 1 of 3 addresses.')
  })

  it('fails with the empty-list reason when there is no address', async () => {
    expect((await route(0, [])).chosen).toBeNull()
  })
})
