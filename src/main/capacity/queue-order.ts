import { limitKind, type QueueReason } from '../../shared/capacity'

/** One slot request of a run: `slots` of the pool (or of a job's own limit, `job:<id>`). */
export interface SlotNeed {
  pool: string
  slots: number
}

/** A run waiting for its slots (or a new one asking for them), as the queue orders it. */
export interface WaitingRun {
  runId: number
  /** 1 (HIGHEST) … 9 (LOWEST). */
  priority: number
  /** Its scheduled time, else its trigger time. */
  orderTimeMs: number
  needs: readonly SlotNeed[]
}

/** Queue order: priority (1 first), then the scheduled time, then the run id (the older row first). */
export function compareQueued(a: Omit<WaitingRun, 'needs'>, b: Omit<WaitingRun, 'needs'>): number {
  return a.priority - b.priority || a.orderTimeMs - b.orderTimeMs || a.runId - b.runId
}

/** What a pass decides: the runs that get their slots now, and why each other one waits. */
export interface DequeuePlan {
  admitted: number[]
  waiting: Map<number, QueueReason>
}

/**
 * Which waiting runs get their slots, given each pool's free slots (`free`: a name not in it is a
 * pool that does not exist). In queue order; a run takes all of its slots or none. Once a run in
 * order cannot get a pool's slots, no later run takes that pool's slots either: a run asking for 3
 * of a pool is not starved by a stream of runs asking for 1 behind it. A later run needing only
 * other pools still goes (a full pool does not stop the rest).
 */
export function planDequeue(runs: readonly WaitingRun[], free: ReadonlyMap<string, number>): DequeuePlan {
  const left = new Map(free)
  const blocked = new Set<string>()
  const plan: DequeuePlan = { admitted: [], waiting: new Map() }
  for (const run of [...runs].sort(compareQueued)) {
    const why = refusal(run.needs, left, blocked)
    if (why === null) {
      for (const need of run.needs) left.set(need.pool, left.get(need.pool)! - need.slots)
      plan.admitted.push(run.runId)
      continue
    }
    plan.waiting.set(run.runId, why)
    for (const need of run.needs) if ((left.get(need.pool) ?? 0) < need.slots) blocked.add(need.pool)
  }
  return plan
}

const FULL: Record<ReturnType<typeof limitKind>, QueueReason> = {
  pool: 'poolFull',
  job: 'jobMaxConcurrent',
  group: 'groupMaxConcurrent',
  address: 'groupMaxConcurrent',
}

function refusal(needs: readonly SlotNeed[], left: ReadonlyMap<string, number>, blocked: ReadonlySet<string>): QueueReason | null {
  for (const need of needs) if (!left.has(need.pool)) return 'unknownPool'
  for (const need of needs) if (blocked.has(need.pool)) return 'behindHigherPriority'
  for (const need of needs) if (left.get(need.pool)! < need.slots) return FULL[limitKind(need.pool)]
  return null
}
