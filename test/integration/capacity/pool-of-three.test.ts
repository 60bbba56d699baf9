import { describe, expect, it } from 'vitest'
import { freshSqliteStore } from '../../support/temp-sqlite-store'
import { simulatePool } from '../../support/pool-simulation'

const T0 = 1_900_000_000_000
const fresh = freshSqliteStore()

describe('a pool of 3 slots shared by 10 every-second jobs (SQLite, a simulated minute)', () => {
  it('never runs more than 3 at once, loses no run, and starts waiting runs by priority', async () => {
    const sim = await simulatePool({
      nodes: [{ id: 'node-a', store: fresh.store }],
      jobCount: 10,
      slots: 3,
      seconds: 60,
      runMs: 200,
      t0: T0,
      priorityOf: (i) => [1, 5, 9][i % 3],
    })
    expect(sim.runs).toHaveLength(sim.fires)
    expect(sim.runs.every((r) => r.handleCode === 200)).toBe(true)
    expect(sim.maxRunning).toBe(3)
    // Runs did queue (10 fires a second for 3 slots), and none jumped a higher priority.
    expect(sim.runs.filter((r) => r.queuedAtMs !== null).length).toBeGreaterThan(300)
    expect(sim.priorityInversions).toEqual([])
    expect(await fresh.store.poolSlots.any()).toBe(false)
  }, 60_000)
})
