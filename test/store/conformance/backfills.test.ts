import { expect, it } from 'vitest'
import type { NewBackfill } from '../../../src/main/domain/backfills'
import type { Repos } from '../../../src/main/store/store'
import { lockWaiters } from '../../support/lock-waits'
import { newRun } from '../../support/new-run'
import { waitFor } from '../../support/wait-for'
import { Gate, storeSuite, T0 } from './store-fixture'

const HOUR = 3_600_000

const backfillOf = (over: Partial<NewBackfill> = {}): NewBackfill => ({
  jobId: 7,
  flowId: 0,
  fromMs: T0,
  toMs: T0 + 72 * HOUR,
  concurrency: 2,
  order: 'OLDEST_FIRST',
  onlyMissing: false,
  state: 'running',
  total: 3,
  createdBy: 'ops',
  createdAtMs: T0,
  ...over,
})

/** One step as the runner takes it: the backfill's row held, a slot started when there is room. */
async function startOneIfRoom(tx: Repos, id: number, held?: { locked: Gate; release: Gate }): Promise<number | null> {
  const backfill = (await tx.backfills.lock(id))!
  held?.locked.open()
  await held?.release.reached
  if ((await tx.backfills.running(id)).length >= backfill.concurrency) return null
  const [next] = await tx.backfills.nextPending(id, 1)
  if (next === undefined) return null
  return (await tx.backfills.markRunning(id, next, 1000, T0 + HOUR)) ? next : null
}

storeSuite('backfills', (f) => {
  it('keeps a backfill with its slots in their order, and moves each slot once: pending → running → done or failed', async () => {
    const slots = [T0 + 2 * HOUR, T0 + HOUR, T0]
    const id = await f.store.transaction((tx) => tx.backfills.insert(backfillOf({ order: 'NEWEST_FIRST' }), slots))
    expect(await f.store.backfills.get(id)).toEqual({ ...backfillOf({ order: 'NEWEST_FIRST' }), id, updatedAtMs: T0 })
    expect(await f.store.backfills.nextPending(id, 2)).toEqual([T0 + 2 * HOUR, T0 + HOUR])

    expect(await f.store.backfills.markRunning(id, T0 + 2 * HOUR, 41, T0 + 1)).toBe(true)
    expect(await f.store.backfills.markRunning(id, T0 + 2 * HOUR, 42, T0 + 2)).toBe(false)
    expect(await f.store.backfills.running(id)).toEqual([{ slotMs: T0 + 2 * HOUR, runId: 41 }])
    expect(await f.store.backfills.markEnded(id, T0 + 2 * HOUR, 'done', T0 + 3)).toBe(true)
    expect(await f.store.backfills.markEnded(id, T0 + 2 * HOUR, 'failed', T0 + 4)).toBe(false)
    expect(await f.store.backfills.markEnded(id, T0 + HOUR, 'done', T0 + 4)).toBe(false)

    expect(await f.store.backfills.counts(id)).toEqual({ pending: 2, running: 0, done: 1, failed: 0, cancelled: 0 })
    expect(await f.store.backfills.slots(id, 0, 10)).toEqual([
      { slot: T0 + 2 * HOUR, runId: 41, state: 'done' },
      { slot: T0 + HOUR, runId: 0, state: 'pending' },
      { slot: T0, runId: 0, state: 'pending' },
    ])
    expect(await f.store.backfills.slots(id, 1, 1)).toEqual([{ slot: T0 + HOUR, runId: 0, state: 'pending' }])
  })

  it('drops the backfills that ended before a cutoff with their slots, and keeps those running or paused whatever their age', async () => {
    const make = (state: NewBackfill['state'], atMs: number) =>
      f.store.transaction((tx) => tx.backfills.insert(backfillOf({ state, createdAtMs: atMs }), [T0, T0 + HOUR]))
    const oldDone = await make('done', T0)
    const oldCancelled = await make('cancelled', T0)
    const oldRunning = await make('running', T0)
    const oldPaused = await make('paused', T0)
    const recentDone = await make('done', T0 + 10 * HOUR)

    expect(await f.store.backfills.deleteEndedBefore(T0 + 5 * HOUR)).toBe(2)
    expect(await f.store.backfills.get(oldDone)).toBeUndefined()
    expect(await f.store.backfills.get(oldCancelled)).toBeUndefined()
    expect(await f.store.backfills.slots(oldDone, 0, 10)).toEqual([])
    for (const kept of [oldRunning, oldPaused, recentDone]) expect(await f.store.backfills.slots(kept, 0, 10)).toHaveLength(2)
  })

  it('cancels only the pending slots, and keeps a cancelled backfill unfinished while a run of it goes', async () => {
    const id = await f.store.transaction((tx) => tx.backfills.insert(backfillOf(), [T0, T0 + HOUR, T0 + 2 * HOUR]))
    await f.store.backfills.markRunning(id, T0, 5, T0)
    expect(await f.store.backfills.cancelPending(id, T0 + 1)).toBe(2)
    expect(await f.store.backfills.setState(id, ['running', 'paused'], 'cancelled', T0 + 1)).toBe(true)
    expect(await f.store.backfills.setState(id, ['running', 'paused'], 'done', T0 + 2)).toBe(false)
    expect(await f.store.backfills.counts(id)).toEqual({ pending: 0, running: 1, done: 0, failed: 0, cancelled: 2 })
    expect(await f.store.backfills.unfinishedIds()).toEqual([id])
    await f.store.backfills.markEnded(id, T0, 'failed', T0 + 3)
    expect(await f.store.backfills.unfinishedIds()).toEqual([])
  })

  it('lists newest first by job, flow and state, with each one’s counts', async () => {
    const a = await f.store.transaction((tx) => tx.backfills.insert(backfillOf(), [T0]))
    const b = await f.store.transaction((tx) => tx.backfills.insert(backfillOf({ jobId: 0, flowId: 7, state: 'paused', total: 2 }), [T0, T0 + HOUR]))
    const c = await f.store.transaction((tx) => tx.backfills.insert(backfillOf({ jobId: 8 }), [T0]))
    expect((await f.store.backfills.list({ limit: 10 })).map((r) => r.id)).toEqual([c, b, a])
    expect((await f.store.backfills.list({ jobId: 7, limit: 10 })).map((r) => r.id)).toEqual([a])
    expect((await f.store.backfills.list({ flowId: 7, limit: 10 })).map((r) => r.id)).toEqual([b])
    expect((await f.store.backfills.list({ state: 'paused', limit: 10 })).map((r) => r.id)).toEqual([b])
    expect((await f.store.backfills.list({ limit: 1 })).map((r) => r.id)).toEqual([c])
    const counts = await f.store.backfills.countsOf([a, b, 999])
    expect(counts.get(b)).toEqual({ pending: 2, running: 0, done: 0, failed: 0, cancelled: 0 })
    expect(counts.get(999)).toEqual({ pending: 0, running: 0, done: 0, failed: 0, cancelled: 0 })
    expect(await f.store.backfills.unfinishedIds()).toEqual([a, b, c])
  })

  it('writes a backfill of 100,000 slots in one transaction', async () => {
    const slots = Array.from({ length: 100_000 }, (_, i) => T0 + i * 1000)
    const id = await f.store.transaction((tx) => tx.backfills.insert(backfillOf({ total: slots.length }), slots))
    expect((await f.store.backfills.counts(id)).pending).toBe(100_000)
    expect(await f.store.backfills.nextPending(id, 3)).toEqual(slots.slice(0, 3))
  })

  it('two nodes stepping one backfill at once: the second waits for the first’s row and counts its run (concurrency 1 holds)', async () => {
    const id = await f.store.transaction((tx) => tx.backfills.insert(backfillOf({ concurrency: 1 }), [T0, T0 + HOUR, T0 + 2 * HOUR]))
    const other = await f.another()
    const held = { locked: new Gate(), release: new Gate() }
    const first = f.store.transaction((tx) => startOneIfRoom(tx, id, held))
    await held.locked.reached
    // SQLite has one writer per file: there the second step begins once the first has committed.
    const second =
      f.engine === 'sqlite' ? first.then(() => other.transaction((tx) => startOneIfRoom(tx, id))) : other.transaction((tx) => startOneIfRoom(tx, id))
    if (f.engine !== 'sqlite') await waitFor('the second step to wait for the backfill’s row', async () => (await lockWaiters(f.database)) > 0)
    held.release.open()
    expect(await Promise.all([first, second])).toEqual([T0, null])
    expect(await f.store.backfills.running(id)).toEqual([{ slotMs: T0, runId: 1000 }])
  })

  it('writes one run per slot and backfill: the schedule’s own run of the slot does not stop it, a second of the same backfill is refused', async () => {
    const slot = { jobId: 7, scheduleTimeMs: T0 }
    const scheduled = await f.store.runs.insert(newRun({ ...slot, triggerType: 'CRON' }))
    const first = await f.store.runs.insert(newRun({ ...slot, triggerType: 'BACKFILL', backfillId: 3 }))
    expect(first).not.toBeNull()
    expect(await f.store.runs.insert(newRun({ ...slot, triggerType: 'BACKFILL', backfillId: 3 }))).toBeNull()
    expect(await f.store.runs.insert(newRun({ ...slot, triggerType: 'BACKFILL', backfillId: 4 }))).not.toBeNull()
    expect((await f.store.runs.get(first!))?.backfillId).toBe(3)

    const retry = await f.store.runs.insert(newRun({ jobId: 7, triggerType: 'RETRY', parentLogId: first }))
    expect((await f.store.runs.backfillAttempts(7, 3, [T0, T0 + HOUR])).map((a) => a.id)).toEqual([first])
    expect((await f.store.runs.retryAttempts([first!])).map((a) => [a.id, a.parentLogId])).toEqual([[retry, first]])
    expect(await f.store.runs.attemptsBetween(7, T0, T0 + 1)).toHaveLength(3)
    expect(await f.store.runs.attemptsBetween(7, T0 + 1, T0 + HOUR)).toEqual([])
    expect(scheduled).not.toBeNull()
  })
})
