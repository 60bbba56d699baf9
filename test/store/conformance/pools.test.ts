import { expect, it } from 'vitest'
import type { ResourcePool } from '../../../src/shared/capacity'
import type { SlotRow } from '../../../src/main/store/pool-slot-repo'
import { newRun } from '../../support/new-run'
import { addGroup, addJob, storeSuite, T0 } from './store-fixture'

const oracle: ResourcePool = { name: 'oracle', slots: 3, description: 'the batch database', updatedAtMs: T0, updatedBy: 'admin' }

const slot = (logId: number, pool: string, state: SlotRow['state'], overrides: Partial<SlotRow> = {}): SlotRow => ({
  logId,
  pool,
  jobId: 1,
  slots: 1,
  state,
  priority: 5,
  orderTimeMs: T0,
  sinceMs: T0,
  ...overrides,
})

storeSuite('resource pools and their slots', (f) => {
  it('keeps a pool, refuses a second of the same name, updates and deletes it once', async () => {
    expect(await f.store.pools.insert(oracle)).toBe(true)
    expect(await f.store.pools.insert({ ...oracle, slots: 9 })).toBe(false)
    expect(await f.store.pools.get('oracle')).toEqual(oracle)
    expect(await f.store.pools.update({ ...oracle, slots: 5, description: '' })).toBe(true)
    expect(await f.store.pools.update({ ...oracle, name: 'nope' })).toBe(false)
    await f.store.pools.insert({ ...oracle, name: 'Etl' })
    expect((await f.store.pools.all()).map((p) => [p.name, p.slots])).toEqual([
      ['Etl', 3],
      ['oracle', 5],
    ])
    expect([...(await f.store.pools.sizes(['oracle', 'gone']))]).toEqual([['oracle', 5]])
    expect(await f.store.pools.delete('oracle')).toBe(true)
    expect(await f.store.pools.delete('oracle')).toBe(false)
  })

  it('names the jobs that use a pool, and only those (a name that merely contains it is not one)', async () => {
    await f.store.pools.insert(oracle)
    const group = await addGroup(f.store)
    const user = await addJob(f.store, group, { pools: [{ name: 'oracle', slots: 2 }], priority: 1, maxConcurrent: 2 })
    await addJob(f.store, group, { name: 'other', pools: [{ name: 'oracle-2', slots: 1 }] })
    await addJob(f.store, group, { name: 'none' })
    expect(await f.store.pools.usersOf('oracle')).toEqual({ jobIds: [user], flowIds: [] })
    const job = await f.store.jobs.get(user)
    expect([job?.pools, job?.priority, job?.maxConcurrent]).toEqual([[{ name: 'oracle', slots: 2 }], 1, 2])
  })

  it('counts held slots per pool, queues in order, admits, passes slots to a retry and gives back those of ended runs', async () => {
    await f.store.pools.insert(oracle)
    const group = await addGroup(f.store)
    const run = async () => (await f.store.runs.insert(newRun({ jobGroup: group, jobId: 1, triggerTimeMs: T0 })))!
    const [held, ended, waitingLow, waitingHigh, retry] = [await run(), await run(), await run(), await run(), await run()]
    await f.store.poolSlots.insert([
      slot(held, 'oracle', 'held', { slots: 2 }),
      slot(held, 'job:1', 'held'),
      slot(ended, 'oracle', 'held'),
      slot(waitingLow, 'oracle', 'waiting', { priority: 9 }),
      slot(waitingHigh, 'oracle', 'waiting', { priority: 1, orderTimeMs: T0 + 5 }),
    ])
    expect(await f.store.poolSlots.any()).toBe(true)
    expect([...(await f.store.poolSlots.held(['oracle', 'job:1', 'etl']))].sort()).toEqual([
      ['job:1', 1],
      ['oracle', 3],
    ])
    expect((await f.store.poolSlots.waiting(['oracle'])).map((r) => r.logId)).toEqual([waitingHigh, waitingLow])
    await f.store.poolSlots.lock(['oracle', 'job:1'])
    expect((await f.store.pools.usage()).map((p) => [p.name, p.held, p.waiting])).toEqual([['oracle', 3, 2]])

    // The ended run completed: its slot goes back; the open one keeps its own.
    await f.store.runs.recordOutcomes([{ logId: ended, executorAddress: 'http://127.0.0.1:1/', triggerCode: 200, triggerMsg: '' }])
    await f.store.runs.complete([{ logId: ended, handleCode: 200, handleMsg: '', handleTimeMs: T0 + 1 }])
    expect(await f.store.poolSlots.releaseEnded(10)).toEqual([ended])
    expect(await f.store.poolSlots.releaseEnded(10)).toEqual([])

    // Failed with a retry to come: kept for it until the fail monitor decides; killed: back at once.
    const failing = (await f.store.runs.insert(newRun({ jobGroup: group, jobId: 1, triggerTimeMs: T0, executorFailRetryCount: 2 })))!
    const killed = (await f.store.runs.insert(newRun({ jobGroup: group, jobId: 1, triggerTimeMs: T0, executorFailRetryCount: 2 })))!
    await f.store.poolSlots.insert([slot(failing, 'etl', 'held'), slot(killed, 'etl', 'held')])
    await f.store.runs.recordOutcomes([failing, killed].map((logId) => ({ logId, executorAddress: 'http://127.0.0.1:1/', triggerCode: 200, triggerMsg: '' })))
    await f.store.runs.complete([
      { logId: failing, handleCode: 500, handleMsg: 'boom', handleTimeMs: T0 + 2 },
      { logId: killed, handleCode: 500, handleMsg: 'Manual operation, kill job: by admin', handleTimeMs: T0 + 2 },
    ])
    expect(await f.store.poolSlots.releaseEnded(10)).toEqual([killed])
    await f.store.runs.setAlarmStatus(failing, 2)
    expect(await f.store.poolSlots.releaseEnded(10)).toEqual([failing])

    expect([...(await f.store.poolSlots.admit([waitingHigh, waitingHigh]))]).toEqual([waitingHigh])
    expect(await f.store.poolSlots.transfer(held, retry)).toBe(2)
    expect((await f.store.poolSlots.allHeld()).map((r) => [r.logId, r.pool])).toEqual([
      [waitingHigh, 'oracle'],
      [retry, 'job:1'],
      [retry, 'oracle'],
    ])
    expect(await f.store.poolSlots.release([retry, waitingLow])).toBe(3)
  })

  it('marks runs queued, out of the stale sweep; starts or ends them once', async () => {
    const group = await addGroup(f.store)
    const run = async () => (await f.store.runs.insert(newRun({ jobGroup: group, jobId: 1, triggerTimeMs: T0 }), 'node-a'))!
    const [started, cancelled] = [await run(), await run()]
    await f.store.runs.markQueued([started, cancelled], T0 + 1)
    expect((await f.store.runs.get(started))?.queuedSinceMs).toBe(T0 + 1)
    expect(await f.store.runs.findStalePending(T0 + 60_000, 10)).toEqual([])
    expect(await f.store.runs.takeOverPending('node-a', 'node-b', 0)).toEqual([])
    expect(await f.store.runs.unqueue([started], T0 + 50, 'node-b')).toEqual([started])
    expect(await f.store.runs.unqueue([started], T0 + 60, 'node-b')).toEqual([])
    const moved = await f.store.runs.get(started)
    expect([moved?.queuedSinceMs, moved?.triggerTimeMs]).toEqual([undefined, T0 + 50])
    expect(await f.store.runs.endQueued([cancelled, started], 'cancelled')).toEqual([cancelled])
    const ended = await f.store.runs.get(cancelled)
    expect([ended?.triggerCode, ended?.triggerMsg, ended?.alarmStatus, ended?.executorFailRetryCount]).toEqual([500, 'cancelled', 1, 0])
  })
})
