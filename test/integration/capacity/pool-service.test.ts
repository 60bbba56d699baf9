import { describe, expect, it } from 'vitest'
import { PoolService } from '../../../src/main/capacity/pool-service'
import { prepareOneOffRuns } from '../../../src/main/trigger/prepare-runs'
import { addGroup, addJob, T0 } from '../../store/conformance/store-fixture'
import { freshSqliteStore } from '../../support/temp-sqlite-store'

const fresh = freshSqliteStore()

function service() {
  const woken: string[] = []
  const dispatched: number[][] = []
  const ended: number[][] = []
  const pools = new PoolService({
    repos: fresh.store,
    nowMs: () => T0 + 5000,
    nodeId: 'node-a',
    wake: () => woken.push('wake'),
    dispatch: (ids) => dispatched.push(ids),
    ended: (ids) => ended.push(ids),
  })
  return { pools, woken, dispatched, ended }
}

describe('pools and the queue as operators use them', () => {
  it('refuses a second pool of a name, and a removal while a job names the pool or runs still hold it', async () => {
    const { pools } = service()
    await pools.add({ name: 'oracle', slots: 1 }, 'admin')
    await expect(pools.add({ name: 'oracle', slots: 2 }, 'admin')).rejects.toThrow("a pool named 'oracle' exists already")
    await expect(pools.add({ name: 'bad name', slots: 2 }, 'admin')).rejects.toThrow("'bad name' is not a pool name")
    const group = await addGroup(fresh.store)
    const jobId = await addJob(fresh.store, group, { pools: [{ name: 'oracle', slots: 1 }] })
    await expect(pools.remove('oracle')).rejects.toThrow(`pool 'oracle' is used by jobs ${jobId} and flows -`)
    const [run] = await fresh.store.transaction((tx) => prepareOneOffRuns(tx, { jobId, triggerType: 'MANUAL' }, T0, 'node-a'))
    const job = (await fresh.store.jobs.get(jobId))!
    await fresh.store.jobs.update({ ...job, pools: undefined })
    await expect(pools.remove('oracle')).rejects.toThrow("pool 'oracle' has runs holding or waiting for its slots (1)")
    await fresh.store.poolSlots.release([run.logId])
    await pools.remove('oracle')
    expect(await pools.list()).toEqual([])
  })

  it('lists the queue in order with why each waits; cancels one and starts another past the pool', async () => {
    const { pools, woken, dispatched, ended } = service()
    await pools.add({ name: 'oracle', slots: 1 }, 'admin')
    const group = await addGroup(fresh.store)
    const low = await addJob(fresh.store, group, { name: 'low', pools: [{ name: 'oracle', slots: 1 }], priority: 9 })
    const high = await addJob(fresh.store, group, { name: 'high', pools: [{ name: 'oracle', slots: 1 }], priority: 1 })
    const trigger = async (jobId: number) => (await fresh.store.transaction((tx) => prepareOneOffRuns(tx, { jobId, triggerType: 'MANUAL' }, T0, 'node-a')))[0]
    const holder = await trigger(low)
    const waitingLow = await trigger(low)
    const waitingHigh = await trigger(high)
    expect([holder.queued, waitingLow.queued, waitingHigh.queued]).toEqual([undefined, true, true])
    const queue = await pools.queue({})
    expect(queue.map((q) => [q.runId, q.position, q.priority, q.why])).toEqual([
      [waitingHigh.logId, 1, 1, 'poolFull'],
      [waitingLow.logId, 2, 9, 'behindHigherPriority'],
    ])
    expect(await pools.queue({ groupId: group + 1 })).toEqual([])
    expect(await pools.queue({}, [group + 1])).toEqual([])
    expect((await pools.list())[0]).toMatchObject({ held: 1, waiting: 2 })

    await pools.cancel(waitingLow.logId)
    await expect(pools.cancel(waitingLow.logId)).rejects.toThrow(`run ${waitingLow.logId} is not waiting in the queue`)
    expect(await fresh.store.runs.get(waitingLow.logId)).toMatchObject({ triggerCode: 500, triggerMsg: 'cancelled while queued', alarmStatus: 1 })
    // What follows a run's end (its flow, the consoles) hears of it, once.
    expect(ended).toEqual([[waitingLow.logId]])
    await pools.startNow(waitingHigh.logId)
    expect(dispatched).toEqual([[waitingHigh.logId]])
    expect(await pools.queue({})).toEqual([])
    // Over the pool's size until it ends: both held.
    expect((await pools.list())[0]).toMatchObject({ held: 2, waiting: 0 })
    expect(await fresh.store.runs.get(waitingHigh.logId)).toMatchObject({ triggerTimeMs: T0 + 5000 })
    expect(woken).toEqual(['wake'])
  })
})
