import { expect, it } from 'vitest'
import { addRun, flow, whileHeld } from './flow-fixture'
import { storeSuite, T0 } from './store-fixture'

/** Fan-out items (job_flow_item): written pending, claimed within the node's cap, ended by compare-and-set. */
storeSuite('flow items', (f) => {
  /** A run whose node 'extract' runs attempt 0 with `count` pending items. */
  async function fanOut(name: string, count: number): Promise<number> {
    const id = await f.store.flows.insert(flow(name))
    const flowRun = await addRun(f.store, id)
    expect(await f.store.flowRuns.claimNode(flowRun, 'extract', 0, 'running', T0)).toBe(true)
    await f.store.flowItems.insertItems(flowRun, 'extract', 0, count)
    return flowRun
  }
  const states = async (flowRun: number) => (await f.store.flowItems.items(flowRun, 'extract', 0)).map((i) => i.state)

  it('writes the items pending once, claims each once and never more than the cap at once, and ends them by compare-and-set', async () => {
    const flowRun = await fanOut('items', 4)
    await f.store.flowItems.insertItems(flowRun, 'extract', 0, 4)
    expect(await states(flowRun)).toEqual(['pending', 'pending', 'pending', 'pending'])

    const other = await f.another()
    // Two nodes claim the same item: one wins (each statement on its own here; the cap's turn-taking is the test below).
    const same = await Promise.all([f.store.flowItems.claim(flowRun, 'extract', 0, 0, 3, T0 + 1), other.flowItems.claim(flowRun, 'extract', 0, 0, 3, T0 + 1)])
    expect(same.filter(Boolean)).toHaveLength(1)
    expect(await f.store.transaction((tx) => tx.flowItems.claim(flowRun, 'extract', 0, 1, 3, T0 + 2))).toBe(true)
    expect(await f.store.transaction((tx) => tx.flowItems.claim(flowRun, 'extract', 0, 2, 2, T0 + 2))).toBe(false) // two run: the cap of 2 is full
    expect(await f.store.transaction((tx) => tx.flowItems.claim(flowRun, 'extract', 0, 2, 3, T0 + 2))).toBe(true)
    expect(await f.store.transaction((tx) => tx.flowItems.claim(flowRun, 'extract', 0, 3, 3, T0 + 2))).toBe(false)
    expect(await states(flowRun)).toEqual(['running', 'running', 'running', 'pending'])

    await f.store.flowItems.setRun(flowRun, 'extract', 0, 0, 501)
    expect(await f.store.flowItems.stillRunning(flowRun, 'extract', 0, 0)).toBe(true)
    const ends = await Promise.all([
      f.store.flowItems.end({ flowRunId: flowRun, key: 'extract', attempt: 0, index: 0 }, 'running', 'success', 'done 0', T0 + 5),
      other.flowItems.end({ flowRunId: flowRun, key: 'extract', attempt: 0, index: 0 }, 'running', 'failed', 'no', T0 + 5),
    ])
    expect(ends.filter(Boolean)).toHaveLength(1)
    expect(await f.store.flowItems.stillRunning(flowRun, 'extract', 0, 0)).toBe(false)
    // Room again: item 3 starts.
    expect(await f.store.transaction((tx) => tx.flowItems.claim(flowRun, 'extract', 0, 3, 3, T0 + 6))).toBe(true)
    const [first] = await f.store.flowItems.items(flowRun, 'extract', 0)
    expect(first).toEqual({
      flowRunId: flowRun,
      key: 'extract',
      attempt: 0,
      index: 0,
      state: ends[0] ? 'success' : 'failed',
      logId: 501,
      output: ends[0] ? 'done 0' : 'no',
      startTimeMs: T0 + 1,
      endTimeMs: T0 + 5,
    })

    // The kill ends what is not done; a pending item that could not start ends from pending.
    await f.store.flowItems.killOpen(flowRun, 'extract', 0, T0 + 9)
    expect(await states(flowRun)).toEqual([ends[0] ? 'success' : 'failed', 'killed', 'killed', 'killed'])
    expect(await f.store.flowItems.end({ flowRunId: flowRun, key: 'extract', attempt: 0, index: 1 }, 'running', 'success', '', T0)).toBe(false)
  })

  it('claims nothing for a node that is not running that attempt, or in a run that ended', async () => {
    const flowRun = await fanOut('not-running', 2)
    expect(await f.store.transaction((tx) => tx.flowItems.claim(flowRun, 'extract', 1, 0, 5, T0))).toBe(false) // another attempt
    expect(await f.store.transaction((tx) => tx.flowItems.claim(flowRun, 'load', 0, 0, 5, T0))).toBe(false) // a pending node
    expect(await f.store.flowRuns.setState(flowRun, ['running', 'waiting'], 'killed')).toBe(true)
    expect(await f.store.transaction((tx) => tx.flowItems.claim(flowRun, 'extract', 0, 0, 5, T0))).toBe(false)
    expect(await f.store.flowItems.end({ flowRunId: flowRun, key: 'extract', attempt: 0, index: 1 }, 'pending', 'failed', 'job 7 does not exist', T0)).toBe(
      true,
    )
  })

  it("holds the cap across nodes: a claim that waits for another node's claim counts its item", async () => {
    const flowRun = await fanOut('cap', 2)
    const second = await whileHeld(
      f,
      async (tx, hold) => {
        expect(await tx.flowItems.claim(flowRun, 'extract', 0, 0, 1, T0)).toBe(true)
        await hold()
      },
      (tx) => tx.flowItems.claim(flowRun, 'extract', 0, 1, 1, T0),
    )
    expect(second).toBe(false)
    expect(await states(flowRun)).toEqual(['running', 'pending'])
  })

  it("keeps which item a step is for, and each item's runs", async () => {
    const flowRun = await fanOut('steps', 2)
    await f.store.flowRuns.insertSteps([
      { logId: 11, flowRunId: flowRun, key: 'extract', attempt: 0, item: 0 },
      { logId: 12, flowRunId: flowRun, key: 'extract', attempt: 0, item: 1 },
      { logId: 13, flowRunId: flowRun, key: 'extract', attempt: 0, item: 0 },
      { logId: 14, flowRunId: flowRun, key: 'load', attempt: 0 },
    ])
    expect(await f.store.flowRuns.stepOf(13)).toEqual({ logId: 13, flowRunId: flowRun, key: 'extract', attempt: 0, item: 0 })
    expect(await f.store.flowRuns.stepOf(14)).toEqual({ logId: 14, flowRunId: flowRun, key: 'load', attempt: 0 })
    expect(await f.store.flowItems.runIdsOfItems(flowRun)).toEqual(
      new Map([
        ['extract/0/0', [11, 13]],
        ['extract/0/1', [12]],
      ]),
    )
    // No job_log rows: none of these runs has ended.
    expect(await f.store.flowItems.endedRunningSteps()).toEqual([])
    expect(await f.store.flowRuns.endedRunningSteps()).toEqual([])
  })
})
