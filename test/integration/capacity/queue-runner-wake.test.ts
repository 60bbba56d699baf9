import { expect, it } from 'vitest'
import { QueueRunner } from '../../../src/main/capacity/queue-runner'
import { ManualClock } from '../../../src/main/kernel/clock'
import { silentLogger } from '../../../src/main/kernel/logger'
import { prepareOneOffRuns } from '../../../src/main/trigger/prepare-runs'
import { addGroup, addJob, T0 } from '../../store/conformance/store-fixture'
import { SOLE_FENCE } from '../../support/sole-fence'
import { freshSqliteStore } from '../../support/temp-sqlite-store'

const fresh = freshSqliteStore()

it('starts the queued run as soon as a run ends (the run-ended fan-out wakes it), not at its next poll; only on the node doing periodic work', async () => {
  const { store } = fresh
  await store.pools.insert({ name: 'oracle', slots: 1, description: '', updatedAtMs: T0, updatedBy: 'admin' })
  const jobId = await addJob(store, await addGroup(store), { pools: [{ name: 'oracle', slots: 1 }] })
  const trigger = async () => (await store.transaction((tx) => prepareOneOffRuns(tx, { jobId, triggerType: 'MANUAL' }, T0, 'node-a')))[0]
  const holder = await trigger()
  const waiting = await trigger()
  const clock = new ManualClock(T0)
  let periodic = false
  let started: (ids: number[]) => void = () => {}
  const dispatched = new Promise<number[]>((resolve) => (started = resolve))
  const runner = new QueueRunner({
    store,
    fence: SOLE_FENCE,
    clock,
    logger: silentLogger,
    nodeId: 'node-a',
    steps: () => periodic,
    dispatch: (ids) => started(ids),
    ended: () => {},
  })
  expect(await runner.pass()).toEqual({ released: 0, started: [], dropped: [] })

  periodic = true
  const stop = new AbortController()
  const loop = runner.run(stop.signal)
  // The first pass finds the pool full and sleeps for its poll.
  await expect.poll(() => clock.sleeperCount).toBe(1)
  await store.runs.recordOutcomes([{ logId: holder.logId, executorAddress: 'http://127.0.0.1:1/', triggerCode: 200, triggerMsg: '' }])
  await store.runs.complete([{ logId: holder.logId, handleCode: 200, handleMsg: '', handleTimeMs: T0 }])
  runner.runsEnded()
  expect(await dispatched).toEqual([waiting.logId])
  expect(clock.nowMs()).toBe(T0)
  stop.abort()
  await loop
})
