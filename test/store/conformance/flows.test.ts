import { expect, it } from 'vitest'
import type { Flow } from '../../../src/shared/flow-types'
import { addRun, flow, whileHeld } from './flow-fixture'
import { storeSuite, T0 } from './store-fixture'

storeSuite('flows', (f) => {
  it('keeps flows with their graph by unique name: insert, get, by name, all by name, update', async () => {
    const beta = await f.store.flows.insert(flow('beta'))
    const alpha = await f.store.flows.insert(flow('alpha', { overlap: 'SKIP', maxActiveRuns: 3 }))
    await expect(f.store.flows.insert(flow('beta'))).rejects.toThrow(/unique|duplicate/i)
    expect(await f.store.flows.get(beta)).toEqual({ ...flow('beta'), id: beta })
    expect(await f.store.flows.getByName('alpha')).toEqual({ ...flow('alpha', { overlap: 'SKIP', maxActiveRuns: 3 }), id: alpha })
    expect(await f.store.flows.getByName('Alpha')).toBeNull()
    expect(await f.store.flows.get(9999)).toBeNull()
    expect((await f.store.flows.all()).map((x) => x.name)).toEqual(['alpha', 'beta'])

    const edited: Flow = {
      ...(await f.store.flows.get(beta))!,
      name: 'gamma',
      description: 'édité 编辑',
      scheduleType: 'FIX_RATE',
      scheduleConf: '30',
      timezone: 'UTC',
      misfireStrategy: 'DO_NOTHING',
      maxActiveRuns: 2,
      overlap: 'ALLOW',
      timeoutSec: 0,
      alarmEmail: '',
      param: '',
      nodes: [{ key: 'only', jobId: 7 }],
      edges: [],
      triggerStatus: 1,
      triggerNextTimeMs: T0 + 30_000,
      triggerLastTimeMs: T0,
      updateTimeMs: T0 + 5,
    }
    await f.store.flows.update(edited)
    expect(await f.store.flows.get(beta)).toEqual(edited)
    expect(await f.store.flows.getByName('beta')).toBeNull()
  })

  it('schedules: setSchedule, due flows earliest first, and a fire claimed by exactly one node', async () => {
    const late = await f.store.flows.insert(flow('late'))
    const early = await f.store.flows.insert(flow('early'))
    const paused = await f.store.flows.insert(flow('paused'))
    const future = await f.store.flows.insert(flow('future'))
    expect(await f.store.flows.setSchedule(late, 1, T0 + 2000, T0 + 1)).toBe(true)
    expect(await f.store.flows.setSchedule(early, 1, T0 + 1000, T0 + 1)).toBe(true)
    expect(await f.store.flows.setSchedule(paused, 0, T0 + 500, T0 + 1)).toBe(true)
    expect(await f.store.flows.setSchedule(future, 1, T0 + 9000, T0 + 1)).toBe(true)
    expect(await f.store.flows.setSchedule(9999, 1, T0, T0)).toBe(false)
    expect(await f.store.flows.get(early)).toMatchObject({ triggerStatus: 1, triggerNextTimeMs: T0 + 1000, updateTimeMs: T0 + 1 })

    expect((await f.store.flows.due(T0 + 5000, 10)).map((x) => x.id)).toEqual([early, late])
    expect((await f.store.flows.due(T0 + 5000, 1)).map((x) => x.id)).toEqual([early])
    expect(await f.store.flows.due(T0, 10)).toEqual([])

    // Two nodes saw `early` due at T0+1000: one moves it on, the other's compare-and-set misses.
    const other = await f.another()
    const claims = await Promise.all([
      f.store.flows.claimFire(early, T0 + 1000, T0 + 1000, T0 + 61_000),
      other.flows.claimFire(early, T0 + 1000, T0 + 1000, T0 + 61_000),
    ])
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(await f.store.flows.claimFire(early, T0 + 1000, T0 + 1000, T0 + 61_000)).toBe(false)
    expect(await f.store.flows.get(early)).toMatchObject({ triggerLastTimeMs: T0 + 1000, triggerNextTimeMs: T0 + 61_000 })
    expect((await f.store.flows.due(T0 + 5000, 10)).map((x) => x.id)).toEqual([late])
  })

  it("serializes two nodes counting a flow's active runs under its lock", async () => {
    const id = await f.store.flows.insert(flow('serial'))
    const seen = await whileHeld(
      f,
      async (tx, hold) => {
        await tx.flows.lock(id)
        expect(await tx.flowRuns.countActive(id)).toBe(0)
        await hold()
        await addRun(tx, id)
      },
      async (tx) => {
        await tx.flows.lock(id)
        return tx.flowRuns.countActive(id)
      },
    )
    expect(seen).toBe(1)
  })

  it('deletes a flow with its runs, their nodes and steps, and leaves other flows alone', async () => {
    const gone = await f.store.flows.insert(flow('gone'))
    const kept = await f.store.flows.insert(flow('kept'))
    const goneRun = await addRun(f.store, gone, { scheduleTimeMs: T0 })
    const keptRun = await addRun(f.store, kept)
    await f.store.flowRuns.insertSteps([
      { logId: 1, flowRunId: goneRun, key: 'extract', attempt: 0 },
      { logId: 2, flowRunId: keptRun, key: 'extract', attempt: 0 },
    ])
    expect(await f.store.flows.delete(gone)).toBe(true)
    expect(await f.store.flows.delete(gone)).toBe(false)
    expect(await f.store.flows.get(gone)).toBeNull()
    expect(await f.store.flowRuns.get(goneRun)).toBeNull()
    expect(await f.store.flowRuns.nodes(goneRun)).toEqual([])
    expect(await f.store.flowRuns.stepOf(1)).toBeNull()
    expect(await f.store.flowRuns.nodes(keptRun)).toHaveLength(3)
    expect(await f.store.flowRuns.stepOf(2)).not.toBeNull()

    await f.store.flowRuns.deleteForFlow(kept)
    expect(await f.store.flows.get(kept)).not.toBeNull()
    expect(await f.store.flowRuns.list({ limit: 10 })).toEqual([])
    expect(await f.store.flowRuns.nodes(keptRun)).toEqual([])
    expect(await f.store.flowRuns.stepOf(2)).toBeNull()
  })
})
