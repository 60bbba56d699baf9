import { DEFAULT_PRIORITY, jobLimitName, type JobCapacityFields } from '../../shared/capacity'
import type { SlotNeed } from './queue-order'

/** The capacity part of a job the trigger keeps (TriggerJob): absent on a job with no pools and no maxConcurrent. */
export interface TriggerCapacity {
  needs: readonly SlotNeed[]
  priority: number
  /** The job's own limit; 0: none. */
  maxConcurrent: number
}

/**
 * What each run of the job holds: its pools' slots, and one slot of its own limit when it has
 * maxConcurrent. Undefined for a job with neither — the trigger then does nothing more for it
 * (no read, no row): the fire path of a job without limits is as it was.
 */
export function triggerCapacityOf(job: { id: number } & JobCapacityFields): TriggerCapacity | undefined {
  const needs: SlotNeed[] = (job.pools ?? []).map((p) => ({ pool: p.name, slots: p.slots }))
  if ((job.maxConcurrent ?? 0) > 0) needs.push({ pool: jobLimitName(job.id), slots: 1 })
  if (needs.length === 0) return undefined
  return { needs, priority: job.priority ?? DEFAULT_PRIORITY, maxConcurrent: job.maxConcurrent ?? 0 }
}

/** Free slots per name: each pool's (or job limit's) size less what runs hold of it now. */
export function freeSlots(sizes: ReadonlyMap<string, number>, held: ReadonlyMap<string, number>): Map<string, number> {
  const free = new Map<string, number>()
  for (const [name, size] of sizes) free.set(name, size - (held.get(name) ?? 0))
  return free
}
