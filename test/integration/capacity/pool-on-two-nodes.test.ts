import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { simulatePool } from '../../support/pool-simulation'
import { StoreFixture } from '../../store/conformance/store-fixture'

const T0 = 1_900_000_000_000

describe('a pool of 3 slots shared by 10 every-second jobs on two PostgreSQL nodes (a simulated minute)', () => {
  const fixture = new StoreFixture('postgres')
  beforeEach(() => fixture.setUp())
  afterEach(() => fixture.tearDown())

  it('never runs more than 3 at once across the nodes, loses no run, and starts waiting runs by priority', async () => {
    const nodes = [
      { id: 'node-a', store: fixture.store },
      { id: 'node-b', store: await fixture.another() },
    ]
    const sim = await simulatePool({ nodes, jobCount: 10, slots: 3, seconds: 60, runMs: 200, t0: T0, priorityOf: (i) => [1, 5, 9][i % 3] })
    expect(sim.runs).toHaveLength(sim.fires)
    expect(sim.runs.every((r) => r.handleCode === 200)).toBe(true)
    expect(sim.maxRunning).toBe(3)
    expect(sim.runs.filter((r) => r.queuedAtMs !== null).length).toBeGreaterThan(300)
    expect(sim.priorityInversions).toEqual([])
    expect(await fixture.store.poolSlots.any()).toBe(false)
  }, 120_000)
})
