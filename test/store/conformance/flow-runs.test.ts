import { expect, it } from 'vitest'
import { addRun, flow, KEYS, run } from './flow-fixture'
import { storeSuite, T0 } from './store-fixture'

storeSuite('flow runs', (f) => {
  it('writes a run with its pending nodes, and none for a scheduled time that already has a run', async () => {
    const id = await f.store.flows.insert(flow('cron'))
    const first = await f.store.transaction((tx) => tx.flowRuns.insertRun(run(id, { triggerType: 'CRON', scheduleTimeMs: T0 }), KEYS))
    expect(first).not.toBeNull()
    expect(await f.store.flowRuns.get(first!)).toEqual({
      ...run(id, { triggerType: 'CRON', scheduleTimeMs: T0 }),
      id: first,
      endTimeMs: 0,
      reason: '',
      deadlineMarks: 0,
      backfillId: 0,
      parentRun: null,
    })
    expect(await f.store.flowRuns.nodes(first!)).toEqual(
      ['extract', 'load', 'sign_off'].map((key) => ({
        flowRunId: first,
        key,
        state: 'pending',
        attempt: 0,
        output: '',
        outputCutFromBytes: null,
        startTimeMs: 0,
        endTimeMs: 0,
        note: '',
      })),
    )
    // A second node's fire for the same time: dropped, nothing written.
    const again = await f.store.transaction((tx) => tx.flowRuns.insertRun(run(id, { triggerType: 'CRON', scheduleTimeMs: T0, state: 'queued' }), ['other']))
    expect(again).toBeNull()
    expect(await f.store.flowRuns.list({ flowId: id, limit: 10 })).toHaveLength(1)
    // A backfill's run of the same time is its own, once per backfill.
    const backfilled = await f.store.transaction((tx) => tx.flowRuns.insertRun(run(id, { triggerType: 'BACKFILL', scheduleTimeMs: T0, backfillId: 5 }), KEYS))
    expect((await f.store.flowRuns.get(backfilled!))?.backfillId).toBe(5)
    expect(await f.store.flowRuns.backfillRunId(id, T0, 5)).toBe(backfilled)
    expect(await f.store.transaction((tx) => tx.flowRuns.insertRun(run(id, { triggerType: 'BACKFILL', scheduleTimeMs: T0, backfillId: 5 }), KEYS))).toBeNull()
    // A run of a flow with declared params keeps its typed values, a secret as its reference; others keep none.
    const typedParams = { day: '2026-12-01', retries: 3, dryRun: false, password: '${secrets.oracle_pw}' }
    const typed = await f.store.transaction((tx) => tx.flowRuns.insertRun({ ...run(id, { triggerType: 'MANUAL' }), typedParams }, KEYS))
    expect((await f.store.flowRuns.get(typed!))?.typedParams).toEqual(typedParams)
    expect(await f.store.flowRuns.get(first!)).not.toHaveProperty('typedParams')
    // Another time, or none (manual runs), is another run; so is the same time of another flow.
    expect(await addRun(f.store, id, { triggerType: 'CRON', scheduleTimeMs: T0 + 60_000 })).toBeGreaterThan(first!)
    expect(await addRun(f.store, id)).not.toBeNull()
    expect(await addRun(f.store, id)).not.toBeNull()
    expect(await addRun(f.store, await f.store.flows.insert(flow('other')), { scheduleTimeMs: T0 })).not.toBeNull()
    expect(await f.store.flowRuns.get(9999)).toBeNull()
  })

  it('lists runs newest first by flow and state with a keyset, and each flow’s latest runs oldest first', async () => {
    const a = await f.store.flows.insert(flow('a'))
    const b = await f.store.flows.insert(flow('b'))
    await f.store.flows.insert(flow('never-run'))
    const runsOfA: number[] = []
    for (let n = 0; n < 5; n++) runsOfA.push(await addRun(f.store, a, { state: n % 2 ? 'running' : 'queued' }))
    const runOfB = await addRun(f.store, b)

    expect((await f.store.flowRuns.list({ limit: 100 })).map((r) => r.id)).toEqual([runOfB, ...[...runsOfA].reverse()])
    expect((await f.store.flowRuns.list({ flowId: a, limit: 2 })).map((r) => r.id)).toEqual([runsOfA[4], runsOfA[3]])
    expect((await f.store.flowRuns.list({ flowId: a, beforeId: runsOfA[3], limit: 2 })).map((r) => r.id)).toEqual([runsOfA[2], runsOfA[1]])
    expect((await f.store.flowRuns.list({ state: 'running', limit: 10 })).map((r) => r.id)).toEqual([runOfB, runsOfA[3], runsOfA[1]])
    expect((await f.store.flowRuns.list({ flowId: b, state: 'queued', limit: 10 })).map((r) => r.id)).toEqual([])

    const recent = await f.store.flowRuns.recentByFlow(3)
    expect([...recent.keys()].sort()).toEqual([a, b].sort())
    expect(recent.get(a)!.map((r) => r.id)).toEqual(runsOfA.slice(2))
    expect(recent.get(b)!.map((r) => r.id)).toEqual([runOfB])
    expect(recent.get(a)![0]).toEqual(await f.store.flowRuns.get(runsOfA[2]))
  })

  it('counts and finds the active runs: running and waiting hold a slot, queued waits, ended ones are gone', async () => {
    const id = await f.store.flows.insert(flow('busy'))
    const other = await f.store.flows.insert(flow('other'))
    expect(await f.store.flowRuns.hasActive()).toBe(false)
    expect(await f.store.flowRuns.oldestQueued(id)).toBeNull()
    const done = await addRun(f.store, id, { state: 'success' })
    const running = await addRun(f.store, id, { state: 'running' })
    const waiting = await addRun(f.store, id, { state: 'waiting' })
    const queued1 = await addRun(f.store, id, { state: 'queued', startTimeMs: 0 })
    const queued2 = await addRun(f.store, id, { state: 'queued', startTimeMs: 0 })
    await addRun(f.store, other, { state: 'failed' })
    const queuedOther = await addRun(f.store, other, { state: 'queued', startTimeMs: 0 })

    expect(await f.store.flowRuns.hasActive()).toBe(true)
    expect(await f.store.flowRuns.countActive(id)).toBe(2)
    expect(await f.store.flowRuns.countActive(other)).toBe(0)
    expect((await f.store.flowRuns.activeRuns()).map((r) => r.id)).toEqual([running, waiting, queued1, queued2, queuedOther])
    expect(await f.store.flowRuns.oldestQueued(id)).toBe(queued1)
    expect(await f.store.flowRuns.oldestQueued(other)).toBe(queuedOther)
    expect((await f.store.flowRuns.get(done))!.state).toBe('success')
  })

  it("moves a run's state by compare-and-set: one of two callers wins, and the change's fields are written", async () => {
    const id = await f.store.flows.insert(flow('cas'))
    const queued = await addRun(f.store, id, { state: 'queued', startTimeMs: 0 })
    const other = await f.another()
    const starts = await Promise.all([
      f.store.flowRuns.setState(queued, ['queued'], 'running', { startTimeMs: T0 + 10 }),
      other.flowRuns.setState(queued, ['queued'], 'running', { startTimeMs: T0 + 20 }),
    ])
    expect(starts.filter(Boolean)).toHaveLength(1)
    expect(await f.store.flowRuns.setState(queued, ['queued'], 'running', { startTimeMs: T0 + 30 })).toBe(false)
    expect((await f.store.flowRuns.get(queued))!.startTimeMs).toBe(starts[0] ? T0 + 10 : T0 + 20)

    expect(await f.store.flowRuns.setState(queued, ['running', 'waiting'], 'waiting')).toBe(true)
    expect(await f.store.flowRuns.setState(queued, ['running', 'waiting'], 'failed', { endTimeMs: T0 + 99, reason: 'timeout' })).toBe(true)
    expect(await f.store.flowRuns.get(queued)).toMatchObject({ state: 'failed', endTimeMs: T0 + 99, reason: 'timeout' })
    expect(await f.store.flowRuns.setState(queued, ['running', 'waiting'], 'killed')).toBe(false)
    expect(await f.store.flowRuns.setState(queued, [], 'killed')).toBe(false)
    expect(await f.store.flowRuns.setState(9999, ['running'], 'killed')).toBe(false)
  })
})
