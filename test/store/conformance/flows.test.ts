import { expect, it } from 'vitest'
import type { NewFlowRun } from '../../../src/main/domain/flows'
import type { Repos, Store } from '../../../src/main/store/store'
import type { Flow, FlowDefinition } from '../../../src/shared/flow-types'
import { lockWaiters } from '../../support/lock-waits'
import { waitFor } from '../../support/wait-for'
import { Gate, storeSuite, T0, type StoreFixture } from './store-fixture'

const GRAPH: FlowDefinition = {
  nodes: [
    { key: 'extract', jobId: 1 },
    { key: 'load', jobId: 2, param: '${nodes.extract.output}', triggerRule: 'all_success' },
    { key: 'sign_off', kind: 'approval', prompt: 'Publish?', timeoutSec: 3600 },
  ],
  edges: [
    { from: 'extract', to: 'load' },
    { from: 'load', to: 'sign_off' },
  ],
}

function flow(name: string, over: Partial<Omit<Flow, 'id'>> = {}): Omit<Flow, 'id'> {
  return {
    name,
    description: `the ${name} flow`,
    scheduleType: 'CRON',
    scheduleConf: '0 0 * * * ?',
    timezone: 'Europe/Berlin',
    misfireStrategy: 'FIRE_ONCE_NOW',
    maxActiveRuns: 1,
    overlap: 'QUEUE',
    timeoutSec: 600,
    alarmEmail: 'ops@example.com',
    param: 'p=1',
    ...GRAPH,
    triggerStatus: 0,
    triggerNextTimeMs: 0,
    triggerLastTimeMs: 0,
    addTimeMs: T0,
    updateTimeMs: T0,
    ...over,
  }
}

function run(flowId: number, over: Partial<NewFlowRun> = {}): NewFlowRun {
  return {
    flowId,
    state: 'running',
    triggerType: 'MANUAL',
    param: 'p=1',
    scheduleTimeMs: null,
    definition: GRAPH,
    startTimeMs: T0,
    addTimeMs: T0,
    ...over,
  }
}

const KEYS = ['extract', 'load', 'sign_off']

async function addRun(repos: Pick<Repos, 'flowRuns'>, flowId: number, over: Partial<NewFlowRun> = {}): Promise<number> {
  return (await repos.flowRuns.insertRun(run(flowId, over), KEYS))!
}

/**
 * `holder` runs in a transaction of this node up to its `hold`, which keeps the transaction open
 * until `waiter`, in another node's transaction, is seen waiting for a lock on the server. A waiter
 * that needs a lock the holder took must wait for its commit, so what it sees is the holder's outcome.
 * SQLite has one writer per file: there the waiter runs once the holder has committed.
 */
async function whileHeld<T>(f: StoreFixture, holder: (tx: Repos, hold: () => Promise<void>) => Promise<void>, waiter: (tx: Repos) => Promise<T>): Promise<T> {
  const other: Store = await f.another()
  if (f.engine === 'sqlite') {
    await f.store.transaction((tx) => holder(tx, async () => {}))
    return other.transaction(waiter)
  }
  const held = new Gate()
  const released = new Gate()
  const first = f.store.transaction((tx) =>
    holder(tx, async () => {
      held.open()
      await released.reached
    }),
  )
  await Promise.race([held.reached, first])
  const second = other.transaction(waiter)
  // Either transaction ending first (a failure, or no lock to wait for) ends the wait too: its
  // outcome is then what the test sees.
  let ended = false
  for (const tx of [first, second])
    void tx.then(
      () => (ended = true),
      () => (ended = true),
    )
  try {
    await waitFor(`the other node's transaction on ${f.engine} to wait for the lock`, async () => ended || (await lockWaiters(f.database)) > 0)
  } catch (error) {
    released.open()
    await Promise.allSettled([first, second])
    throw error
  }
  released.open()
  await first
  return second
}

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

  it('writes a run with its pending nodes, and none for a scheduled time that already has a run', async () => {
    const id = await f.store.flows.insert(flow('cron'))
    const first = await f.store.transaction((tx) => tx.flowRuns.insertRun(run(id, { triggerType: 'CRON', scheduleTimeMs: T0 }), KEYS))
    expect(first).not.toBeNull()
    expect(await f.store.flowRuns.get(first!)).toEqual({ ...run(id, { triggerType: 'CRON', scheduleTimeMs: T0 }), id: first, endTimeMs: 0, reason: '' })
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

  it('claims a pending node once, only in a running or waiting run, and moves it by compare-and-set on state and attempt', async () => {
    const id = await f.store.flows.insert(flow('nodes'))
    const flowRun = await addRun(f.store, id)
    const other = await f.another()
    const claims = await Promise.all([
      f.store.flowRuns.claimNode(flowRun, 'extract', 0, 'running', T0 + 1),
      other.flowRuns.claimNode(flowRun, 'extract', 0, 'running', T0 + 1),
    ])
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(await f.store.flowRuns.claimNode(flowRun, 'extract', 0, 'running', T0 + 2)).toBe(false)
    // Of another attempt, or a node that is not there: nothing to claim.
    expect(await f.store.flowRuns.claimNode(flowRun, 'load', 1, 'running', T0 + 2)).toBe(false)
    expect(await f.store.flowRuns.claimNode(flowRun, 'missing', 0, 'running', T0 + 2)).toBe(false)
    expect(await f.store.flowRuns.claimNode(flowRun, 'sign_off', 0, 'waiting', T0 + 3)).toBe(true)

    const output = 'x'.repeat(4096)
    const finish = { output, outputCutFromBytes: 10_000, endTimeMs: T0 + 5, note: 'ran' }
    expect(await f.store.flowRuns.setNodeState(flowRun, 'extract', ['running'], 1, 'success', finish)).toBe(false) // an earlier attempt's run
    const finishes = await Promise.all([
      f.store.flowRuns.setNodeState(flowRun, 'extract', ['running'], 0, 'success', finish),
      other.flowRuns.setNodeState(flowRun, 'extract', ['running'], 0, 'failed', finish),
    ])
    expect(finishes.filter(Boolean)).toHaveLength(1)
    expect(await f.store.flowRuns.setNodeState(flowRun, 'sign_off', ['waiting'], null, 'success', { note: 'approved by ada' })).toBe(true)
    expect(await f.store.flowRuns.setNodeState(flowRun, 'sign_off', [], null, 'failed')).toBe(false)

    const nodes = await f.store.flowRuns.nodes(flowRun)
    expect(nodes.map((n) => n.key)).toEqual(['extract', 'load', 'sign_off'])
    expect(nodes[0]).toEqual({
      flowRunId: flowRun,
      key: 'extract',
      state: finishes[0] ? 'success' : 'failed',
      attempt: 0,
      output,
      outputCutFromBytes: 10_000,
      startTimeMs: T0 + 1,
      endTimeMs: T0 + 5,
      note: 'ran',
    })
    expect(nodes[2]).toMatchObject({ state: 'success', startTimeMs: T0 + 3, endTimeMs: 0, note: 'approved by ada', output: '' })

    // A node never starts in a run that was killed (or queued, or has ended).
    expect(await f.store.flowRuns.setState(flowRun, ['running', 'waiting'], 'killed')).toBe(true)
    expect(await f.store.flowRuns.claimNode(flowRun, 'load', 0, 'running', T0 + 6)).toBe(false)
    const queued = await addRun(f.store, id, { state: 'queued', startTimeMs: 0 })
    expect(await f.store.flowRuns.claimNode(queued, 'extract', 0, 'running', T0 + 6)).toBe(false)
    expect((await f.store.flowRuns.nodes(flowRun))[1].state).toBe('pending')
  })

  it('never lets a claim and a kill of the same run pass each other', async () => {
    const id = await f.store.flows.insert(flow('race'))
    // The claim commits first: the kill waits for it, and then finds the node running (to kill it).
    const claimedFirst = await addRun(f.store, id)
    const seenByKill = await whileHeld(
      f,
      async (tx, hold) => {
        expect(await tx.flowRuns.claimNode(claimedFirst, 'extract', 0, 'running', T0)).toBe(true)
        await hold()
      },
      async (tx) => {
        expect(await tx.flowRuns.setState(claimedFirst, ['running', 'waiting'], 'killed')).toBe(true)
        return (await tx.flowRuns.nodes(claimedFirst))[0].state
      },
    )
    expect(seenByKill).toBe('running')

    // The kill commits first: the claim waits for it, and then refuses.
    const killedFirst = await addRun(f.store, id)
    const claimed = await whileHeld(
      f,
      async (tx, hold) => {
        expect(await tx.flowRuns.setState(killedFirst, ['running', 'waiting'], 'killed')).toBe(true)
        await hold()
      },
      (tx) => tx.flowRuns.claimNode(killedFirst, 'extract', 0, 'running', T0),
    )
    expect(claimed).toBe(false)
  })

  it('sends nodes back to pending for another attempt, their results cleared', async () => {
    const id = await f.store.flows.insert(flow('retry'))
    const flowRun = await addRun(f.store, id)
    await f.store.flowRuns.claimNode(flowRun, 'extract', 0, 'running', T0 + 1)
    await f.store.flowRuns.setNodeState(flowRun, 'extract', ['running'], 0, 'failed', {
      output: 'boom',
      outputCutFromBytes: 9000,
      endTimeMs: T0 + 2,
      note: 'exit 1',
    })
    await f.store.flowRuns.setNodeState(flowRun, 'load', ['pending'], 0, 'upstream_failed', { endTimeMs: T0 + 2 })
    await f.store.flowRuns.resetNodes(flowRun, ['extract', 'load'])
    await f.store.flowRuns.resetNodes(flowRun, [])
    const [extract, load, signOff] = await f.store.flowRuns.nodes(flowRun)
    const fresh = { state: 'pending', output: '', outputCutFromBytes: null, startTimeMs: 0, endTimeMs: 0, note: '' }
    expect(extract).toEqual({ ...fresh, flowRunId: flowRun, key: 'extract', attempt: 1 })
    expect(load).toEqual({ ...fresh, flowRunId: flowRun, key: 'load', attempt: 1 })
    expect(signOff.attempt).toBe(0)
    // The old attempt's completion no longer matches; the new attempt's claim does.
    expect(await f.store.flowRuns.setNodeState(flowRun, 'extract', ['pending', 'running'], 0, 'success')).toBe(false)
    expect(await f.store.flowRuns.claimNode(flowRun, 'extract', 1, 'running', T0 + 3)).toBe(true)
  })

  it('keeps the job runs each node made: by log id, and by node in log id order', async () => {
    const id = await f.store.flows.insert(flow('steps'))
    const flowRun = await addRun(f.store, id)
    await f.store.flowRuns.insertSteps([
      { logId: 30, flowRunId: flowRun, key: 'load', attempt: 0 },
      { logId: 10, flowRunId: flowRun, key: 'extract', attempt: 0 },
      { logId: 20, flowRunId: flowRun, key: 'extract', attempt: 1 },
    ])
    await f.store.flowRuns.insertSteps([])
    expect(await f.store.flowRuns.stepOf(20)).toEqual({ logId: 20, flowRunId: flowRun, key: 'extract', attempt: 1 })
    expect(await f.store.flowRuns.stepOf(99)).toBeNull()
    expect(await f.store.flowRuns.stepsOf([30, 10, 99])).toEqual([
      { logId: 10, flowRunId: flowRun, key: 'extract', attempt: 0 },
      { logId: 30, flowRunId: flowRun, key: 'load', attempt: 0 },
    ])
    expect(await f.store.flowRuns.stepsOf([])).toEqual([])
    expect(await f.store.flowRuns.runIdsOf(flowRun)).toEqual(
      new Map([
        ['extract', [10, 20]],
        ['load', [30]],
      ]),
    )
    expect(await f.store.flowRuns.runIdsOf(9999)).toEqual(new Map())
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
