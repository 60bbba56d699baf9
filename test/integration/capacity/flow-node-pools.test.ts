import { describe, expect, it } from 'vitest'
import { FlowService } from '../../../src/main/flows/flow-service'
import { prepareOneOffRuns } from '../../../src/main/trigger/prepare-runs'
import { addGroup, addJob, T0 } from '../../store/conformance/store-fixture'
import { freshSqliteStore } from '../../support/temp-sqlite-store'

const fresh = freshSqliteStore()

describe("a flow node's pools and priority", () => {
  it("take the place of its job's: the node's run holds the node's pool and waits at the node's priority", async () => {
    const { store } = fresh
    await store.pools.insert({ name: 'oracle', slots: 1, description: '', updatedAtMs: T0, updatedBy: 'admin' })
    const group = await addGroup(store)
    const jobId = await addJob(store, group, { pools: [{ name: 'etl', slots: 1 }], priority: 9 })
    const nodeRun = () =>
      store.transaction((tx) =>
        prepareOneOffRuns(tx, { jobId, triggerType: 'MANUAL', capacity: { pools: [{ name: 'oracle', slots: 1 }], priority: 1 } }, T0, 'node-a'),
      )
    const [first] = await nodeRun()
    const [second] = await nodeRun()
    expect([first.queued, second.queued]).toEqual([undefined, true])
    expect((await store.poolSlots.allHeld()).map((r) => [r.logId, r.pool])).toEqual([[first.logId, 'oracle']])
    expect((await store.poolSlots.waiting()).map((r) => [r.logId, r.pool, r.priority])).toEqual([[second.logId, 'oracle', 1]])
  })

  it('are refused at save when a node names a pool the server does not have', async () => {
    const { store } = fresh
    const group = await addGroup(store)
    const jobId = await addJob(store, group)
    const flows = new FlowService(
      store,
      () => T0,
      () => 'UTC',
    )
    await expect(flows.add({ name: 'nightly', nodes: [{ key: 'a', jobId, pools: [{ name: 'nope' }] }], edges: [] })).rejects.toThrow(
      "pool 'nope' does not exist",
    )
  })
})
