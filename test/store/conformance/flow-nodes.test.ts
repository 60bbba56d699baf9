import { expect, it } from 'vitest'
import { addRun, flow, whileHeld } from './flow-fixture'
import { storeSuite, T0 } from './store-fixture'

storeSuite('flow nodes', (f) => {
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

  it('reads the nodes a step names, the states its nodes are in, and the run without its definition', async () => {
    const id = await f.store.flows.insert(flow('a step'))
    const flowRun = await addRun(f.store, id)
    expect(await f.store.flowRuns.claimNode(flowRun, 'extract', 0, 'running', T0 + 1)).toBe(true)
    expect(await f.store.flowRuns.setNodeState(flowRun, 'extract', ['running'], 0, 'success', { output: 'rows', endTimeMs: T0 + 2 })).toBe(true)

    // A key that is not a node of the run is simply absent.
    const some = await f.store.flowRuns.nodesOf(flowRun, ['load', 'extract', 'missing'])
    const all = await f.store.flowRuns.nodes(flowRun)
    expect(some.map((n) => n.key).sort()).toEqual(['extract', 'load'])
    expect(some.find((n) => n.key === 'extract')).toEqual(all.find((n) => n.key === 'extract'))
    expect(await f.store.flowRuns.nodesOf(flowRun, [])).toEqual([])
    expect(await f.store.flowRuns.nodeStates(flowRun)).toEqual(new Set(['success', 'pending']))

    const { definition, ...head } = (await f.store.flowRuns.get(flowRun))!
    expect(await f.store.flowRuns.head(flowRun)).toEqual(head)
    expect(await f.store.flowRuns.definitionOf(flowRun)).toEqual(definition)
    expect(await f.store.flowRuns.head(flowRun + 1000)).toBeNull()
    expect(await f.store.flowRuns.definitionOf(flowRun + 1000)).toBeNull()
  })
})
