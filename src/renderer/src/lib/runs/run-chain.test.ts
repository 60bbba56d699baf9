import { describe, expect, it } from 'vitest'
import type { JobRun } from '../../../../shared/model'
import { traceRetries, traceRunChain, type RunReader } from './run-chain'

const run = (id: number, jobId: number, parentLogId: number | null, over: Partial<JobRun> = {}): JobRun =>
  ({ id, jobId, parentLogId, triggerType: parentLogId === null ? 'MANUAL' : 'PARENT', triggerCode: 200, handleCode: 200, handleMsg: '', ...over }) as JobRun

/** A core holding these runs: getRun by id, fired runs by parentLogId, counting the calls. */
function reader(runs: JobRun[]): RunReader & { calls: number } {
  const byId = new Map(runs.map((r) => [r.id, r]))
  const core = {
    calls: 0,
    async getRun(id: number) {
      core.calls++
      const found = byId.get(id)
      if (!found) throw new Error(`run ${id} does not exist`)
      return found
    },
    async listFiredRuns(parentLogId: number) {
      core.calls++
      return runs.filter((r) => r.parentLogId === parentLogId).sort((a, b) => b.id - a.id)
    },
  }
  return core
}

describe('traceRunChain', () => {
  // A(10) fires B(11) and D(13); B fires C(12). Run 20 is unrelated.
  const runs = [run(10, 1, null), run(11, 2, 10), run(12, 3, 11), run(13, 4, 10), run(20, 1, null)]

  it('finds the whole chain from a run in its middle: up to the root, then everything fired below', async () => {
    const chain = await traceRunChain(runs[2], reader(runs))
    expect(chain.rootId).toBe(10)
    expect(chain.focusId).toBe(12)
    expect(chain.runs.map((r) => r.id)).toEqual([10, 11, 12, 13])
    expect(chain.cut).toBe(false)
  })

  it('stops walking up at a parent that no longer exists', async () => {
    const orphan = [run(31, 2, 30), run(32, 3, 31)]
    const chain = await traceRunChain(orphan[1], reader(orphan))
    expect(chain.rootId).toBe(31)
    expect(chain.runs.map((r) => r.id)).toEqual([31, 32])
  })

  it('cuts a chain at the run limit and says so', async () => {
    const wide = [run(1, 1, null), ...Array.from({ length: 10 }, (_, i) => run(2 + i, 2 + i, 1))]
    const chain = await traceRunChain(wide[0], reader(wide), 5)
    expect(chain.runs).toHaveLength(5)
    expect(chain.cut).toBe(true)
  })
})

describe('traceRetries', () => {
  // Run 40 failed, its retry 41 failed, retry 42 succeeded; 43 is a child job fired by 42.
  const runs = [
    run(40, 7, null, { triggerType: 'CRON', handleCode: 500 }),
    run(41, 7, 40, { triggerType: 'RETRY', handleCode: 500 }),
    run(42, 7, 41, { triggerType: 'RETRY', handleCode: 200 }),
    run(43, 8, 42, { triggerType: 'PARENT' }),
  ]
  const core = reader(runs)

  it('lists every attempt oldest first, from any attempt of the chain', async () => {
    for (const from of runs.slice(0, 3)) {
      const attempts = await traceRetries(
        from,
        (id) => core.getRun(id),
        (id) => core.listFiredRuns(id),
      )
      expect(attempts.map((r) => r.id)).toEqual([40, 41, 42])
    }
  })

  it('is just the run itself when it was never retried', async () => {
    const attempts = await traceRetries(
      runs[3],
      (id) => core.getRun(id),
      (id) => core.listFiredRuns(id),
    )
    expect(attempts.map((r) => r.id)).toEqual([43])
  })
})
