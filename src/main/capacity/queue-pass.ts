import type { Repos } from '../store/store'
import { PRE_READ_MS } from '../scheduler/plan-scan'
import { planDequeue } from './queue-order'
import { queuedMisfires, type QueuedFire } from './queued-misfire'
import { freeSlots } from './slot-needs'
import { limitSizes } from './limit-sizes'
import { waitingRuns } from './take-slots'

/** How many ended runs' slots one pass gives back (the next pass goes on: bounded). */
const RELEASE_BATCH = 500

export type QueuePassRepos = Pick<Repos, 'pools' | 'poolSlots' | 'runs' | 'jobs' | 'groups'>

/** What a pass did: the slots it gave back, the runs it started (to dispatch once it commits) and how long each waited, those it dropped. */
export interface QueuePassResult {
  released: number
  started: { logId: number; waitedMs: number }[]
  dropped: number[]
}

/** What a queued run that waited past its misfire threshold says (the run's trigger message). */
export const MISSED_WHILE_QUEUED = 'queued past the misfire threshold: dropped by the misfire strategy'

/**
 * One pass of the queue, inside a transaction that proved the node's fence: gives back the slots
 * of ended runs, drops the scheduled runs that waited past their misfire threshold (their jobs'
 * strategy), then starts the waiting runs that get their slots now, in queue order — marked as
 * `node`'s to trigger, for the caller to dispatch once the transaction commits.
 */
export async function passQueue(tx: QueuePassRepos, nowMs: number, node: string): Promise<QueuePassResult> {
  const released = (await tx.poolSlots.releaseEnded(RELEASE_BATCH)).length
  const rows = await tx.poolSlots.waiting()
  if (rows.length === 0) return { released, started: [], dropped: [] }
  const jobs = new Map<number, Awaited<ReturnType<QueuePassRepos['jobs']['get']>>>()
  for (const jobId of new Set(rows.map((r) => r.jobId))) jobs.set(jobId, await tx.jobs.get(jobId))
  const runs = await tx.runs.getMany([...new Set(rows.map((r) => r.logId))])
  const fires: QueuedFire[] = runs.map((run) => ({
    runId: run.id,
    jobId: run.jobId,
    scheduled: (run.triggerType === 'CRON' || run.triggerType === 'MISFIRE') && run.scheduleTimeMs !== null,
    scheduleTimeMs: run.scheduleTimeMs ?? 0,
    misfireStrategy: jobs.get(run.jobId)?.misfireStrategy ?? 'DO_NOTHING',
  }))
  const dropped = await tx.runs.endQueued(queuedMisfires(fires, nowMs, PRE_READ_MS), MISSED_WHILE_QUEUED)
  await tx.poolSlots.release(dropped)
  const droppedSet = new Set(dropped)
  const waiting = waitingRuns(rows.filter((r) => !droppedSet.has(r.logId)))
  const names = [...new Set(waiting.flatMap((w) => w.needs.map((n) => n.pool)))]
  await tx.poolSlots.lock(names)
  const plan = planDequeue(waiting, freeSlots(await limitSizes(tx, names), await tx.poolSlots.held(names)))
  const admitted = [...(await tx.poolSlots.admit(plan.admitted))]
  const started = await tx.runs.unqueue(admitted, nowMs, node)
  const since = new Map(rows.map((r) => [r.logId, r.sinceMs]))
  return { released, started: started.map((logId) => ({ logId, waitedMs: nowMs - (since.get(logId) ?? nowMs) })), dropped }
}
