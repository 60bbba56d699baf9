import { limitKind } from '../../shared/capacity'
import type { Repos } from '../store/store'
import type { SlotRow } from '../store/pool-slot-repo'
import { planDequeue, type SlotNeed, type WaitingRun } from './queue-order'
import { freeSlots } from './slot-needs'

/** A run just written that needs slots, as the trigger's transaction asks for them. */
export interface SlotRequest {
  logId: number
  jobId: number
  needs: readonly SlotNeed[]
  priority: number
  /** Its scheduled time, else its trigger time (queue order after priority). */
  orderTimeMs: number
  /** The sizes of the run's own limits (its job's `job:<id>`, its group's `group:<id>`). */
  limits: readonly (readonly [string, number])[]
  /** A retry's failed run: its held slots pass to the retry. */
  retryOf: number | null
}

export type SlotRepos = Pick<Repos, 'pools' | 'poolSlots' | 'runs'>

/**
 * Gives the runs just written their slots, in the transaction that wrote them; resolves with the
 * ids of those that must wait (written QUEUED: not dispatched). The names are locked first, so two
 * nodes' triggers count a pool one after the other. A new run queues behind the runs already
 * waiting in queue order (queue-order.ts): it takes slots at once only where the queue, itself
 * included, would start it now.
 */
export async function takeSlots(tx: SlotRepos, requests: readonly SlotRequest[], nowMs: number): Promise<Set<number>> {
  const queued = new Set<number>()
  const asking: SlotRequest[] = []
  for (const request of requests) {
    // A retry is its failed run's work going on: it takes over the slots the failed run kept.
    if (request.retryOf !== null && (await tx.poolSlots.transfer(request.retryOf, request.logId)) > 0) continue
    asking.push(request)
  }
  if (asking.length === 0) return queued
  const names = [...new Set(asking.flatMap((r) => r.needs.map((n) => n.pool)))]
  await tx.poolSlots.lock(names)
  const sizes = await tx.pools.sizes(names.filter((name) => limitKind(name) === 'pool'))
  for (const request of asking) for (const [name, size] of request.limits) sizes.set(name, size)
  const free = freeSlots(sizes, await tx.poolSlots.held(names))
  const waiting = waitingRuns(await tx.poolSlots.waiting(names))
  // Another job's (or group's) own limit is not counted here: its waiting run is taken as able to
  // start, so a new run never takes a pool's slot ahead of it (the queue runner decides it exactly).
  for (const run of waiting)
    for (const need of run.needs) if (limitKind(need.pool) !== 'pool' && !free.has(need.pool)) free.set(need.pool, Number.POSITIVE_INFINITY)
  const plan = planDequeue([...waiting, ...asking.map(asWaiting)], free)
  const admitted = new Set(plan.admitted)
  const rows: SlotRow[] = []
  for (const request of asking) {
    const state = admitted.has(request.logId) ? 'held' : 'waiting'
    if (state === 'waiting') queued.add(request.logId)
    for (const need of request.needs) rows.push({ ...rowOf(request, need, nowMs), state })
  }
  await tx.poolSlots.insert(rows)
  if (queued.size > 0) await tx.runs.markQueued([...queued], nowMs)
  return queued
}

function asWaiting(request: SlotRequest): WaitingRun {
  return { runId: request.logId, priority: request.priority, orderTimeMs: request.orderTimeMs, needs: request.needs }
}

function rowOf(request: SlotRequest, need: SlotNeed, nowMs: number): Omit<SlotRow, 'state'> {
  return {
    logId: request.logId,
    pool: need.pool,
    jobId: request.jobId,
    slots: need.slots,
    priority: request.priority,
    orderTimeMs: request.orderTimeMs,
    sinceMs: nowMs,
  }
}

/** The slot rows of waiting runs as runs of the queue (one per run, with all of its needs). */
export function waitingRuns(rows: readonly SlotRow[]): WaitingRun[] {
  const byRun = new Map<number, { runId: number; priority: number; orderTimeMs: number; needs: SlotNeed[] }>()
  for (const row of rows) {
    let run = byRun.get(row.logId)
    if (!run) byRun.set(row.logId, (run = { runId: row.logId, priority: row.priority, orderTimeMs: row.orderTimeMs, needs: [] }))
    run.needs.push({ pool: row.pool, slots: row.slots })
  }
  return [...byRun.values()]
}
