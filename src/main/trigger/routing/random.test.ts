import { describe, expect, it } from 'vitest'
import { createRandomRouter } from './random'
import type { RouteProbe } from './router'

const addresses = [9001, 9002, 9003, 9004].map((port) => `http://127.0.0.1:${port}/`)
const unusedProbe = {} as RouteProbe

describe('RANDOM router', () => {
  it('maps the random source onto an index of the list', async () => {
    const values = [0, 0.3, 0.5, 0.999999]
    const router = createRandomRouter({ random: () => values.shift() as number })
    const chosen = []
    const request = { jobId: 1, addresses, nowMs: 0, probe: unusedProbe }
    for (let i = 0; i < 4; i++) chosen.push((await router.route(request)).chosen)
    expect(chosen).toEqual([addresses[0], addresses[1], addresses[2], addresses[3]])
  })

  it('stays inside the list even if a custom source returns 1', async () => {
    const router = createRandomRouter({ random: () => 1 })
    expect((await router.route({ jobId: 1, addresses, nowMs: 0, probe: unusedProbe })).chosen).toBe(addresses[3])
  })

  it('reaches every address roughly evenly with Math.random', async () => {
    const router = createRandomRouter()
    const draws = 8000
    const tally = new Map<string | null, number>()
    for (let i = 0; i < draws; i++) {
      const { chosen } = await router.route({ jobId: 1, addresses, nowMs: 0, probe: unusedProbe })
      tally.set(chosen, (tally.get(chosen) ?? 0) + 1)
    }
    expect([...tally.keys()].sort()).toEqual(addresses)
    // Expected 2000 each, standard deviation ≈ 39: a ±25 % band fails only for a broken source.
    for (const count of tally.values()) {
      expect(count).toBeGreaterThan(1500)
      expect(count).toBeLessThan(2500)
    }
  })
})
