import { describe, expect, it } from 'vitest'
import { ROUTE_MEMORY_TTL_MS } from './route-memory'
import type { RouteProbe } from './router'
import { createRoundRouter } from './round'
import { routeReasonText } from './format-route-trail'

const DAY_START_MS = Date.UTC(2026, 0, 5, 8, 0, 0)
const addresses = ['http://127.0.0.1:9001/', 'http://127.0.0.1:9002/', 'http://127.0.0.1:9003/']
const unusedProbe = {} as RouteProbe

/** A random source that returns the given values in turn and fails loudly if asked once too often. */
function randomSequence(...values: number[]): () => number {
  return () => {
    const value = values.shift()
    if (value === undefined) throw new Error('random() called more often than expected')
    return value
  }
}

describe('ROUND router', () => {
  it('starts at the random value 0–99 as is, then steps one address per trigger and wraps', async () => {
    const router = createRoundRouter({ random: randomSequence(0.575) }) // start 57 → 57 mod 3 = 0
    const chosen = []
    const request = { jobId: 1, addresses, nowMs: DAY_START_MS, probe: unusedProbe }
    for (let i = 0; i < 5; i++) chosen.push((await router.route(request)).chosen)
    expect(chosen).toEqual([addresses[0], addresses[1], addresses[2], addresses[0], addresses[1]])
  })

  it('keeps a separate counter per job', async () => {
    const router = createRoundRouter({ random: randomSequence(0.0, 0.015) }) // job 1 starts at 0, job 2 at 1
    const route = (jobId: number) => router.route({ jobId, addresses, nowMs: DAY_START_MS, probe: unusedProbe })
    expect((await route(1)).chosen).toBe(addresses[0])
    expect((await route(2)).chosen).toBe(addresses[1])
    expect((await route(1)).chosen).toBe(addresses[1])
    expect((await route(2)).chosen).toBe(addresses[2])
  })

  it('follows the current list length when the list changes', async () => {
    const router = createRoundRouter({ random: randomSequence(0.045) }) // start 4
    const first = await router.route({ jobId: 1, addresses, nowMs: DAY_START_MS, probe: unusedProbe })
    expect(first.chosen).toBe(addresses[1]) // 4 mod 3
    const two = addresses.slice(0, 2)
    const second = await router.route({ jobId: 1, addresses: two, nowMs: DAY_START_MS, probe: unusedProbe })
    expect(second.chosen).toBe(two[1]) // 5 mod 2
  })

  it('discards every counter once 24 h have passed since the period began, not before', async () => {
    const router = createRoundRouter({ random: randomSequence(0.0, 0.025) }) // start 0, then restart at 2
    const route = (nowMs: number) => router.route({ jobId: 7, addresses, nowMs, probe: unusedProbe })
    expect((await route(DAY_START_MS)).chosen).toBe(addresses[0])
    expect((await route(DAY_START_MS + ROUTE_MEMORY_TTL_MS)).chosen).toBe(addresses[1])
    const afterReset = await route(DAY_START_MS + ROUTE_MEMORY_TTL_MS + 1)
    expect(afterReset.chosen).toBe(addresses[2])
    expect(routeReasonText(afterReset.reason)).toContain('random start')
  })

  it('restarts at a random value once the counter has passed 1,000,000', async () => {
    const router = createRoundRouter({ random: randomSequence(0.0, 0.505) }) // start 0, restart at 50
    const request = { jobId: 1, addresses: ['http://127.0.0.1:9001/'], nowMs: DAY_START_MS, probe: unusedProbe }
    let last = await router.route(request) // counter 0
    for (let counter = 1; counter <= 1_000_001; counter++) last = await router.route(request)
    expect(routeReasonText(last.reason)).toMatch(/^Round counter 1000001 for/)
    const restarted = await router.route(request)
    expect(routeReasonText(restarted.reason)).toMatch(/^Round counter 50 \(random start\)/)
  })

  it('explains the counter and index in the reason', async () => {
    const router = createRoundRouter({ random: randomSequence(0.575) })
    const trail = await router.route({ jobId: 3, addresses, nowMs: DAY_START_MS, probe: unusedProbe })
    expect(trail.strategy).toBe('ROUND')
    expect(trail.candidates).toEqual(addresses)
    expect(trail.probes).toEqual([])
    expect(routeReasonText(trail.reason)).toContain('57')
    expect(routeReasonText(trail.reason)).toContain('index 0 of 3')
  })
})
