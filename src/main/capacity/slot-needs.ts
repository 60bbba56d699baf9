import { DEFAULT_PRIORITY, groupLimitName, jobLimitName, type JobCapacityFields } from '../../shared/capacity'
import type { JobGroup } from '../../shared/model'
import type { SlotNeed } from './queue-order'

/** The capacity part of a job the trigger keeps (TriggerJob): absent on a job with no pools and no maxConcurrent. */
export interface TriggerCapacity {
  needs: readonly SlotNeed[]
  priority: number
  /** The sizes of the job's and its group's own limits (`job:<id>`, `group:<id>`), known when the run is written. */
  limits: readonly (readonly [string, number])[]
}

/**
 * What each run of the job holds: its pools' slots, and one slot of its own limit when it has
 * maxConcurrent. Undefined for a job with neither — the trigger then does nothing more for it
 * (no read, no row): the fire path of a job without limits is as it was.
 */
export function triggerCapacityOf(job: { id: number } & JobCapacityFields): TriggerCapacity | undefined {
  const needs: SlotNeed[] = (job.pools ?? []).map((p) => ({ pool: p.name, slots: p.slots }))
  const limits: [string, number][] = []
  if ((job.maxConcurrent ?? 0) > 0) {
    needs.push({ pool: jobLimitName(job.id), slots: 1 })
    limits.push([jobLimitName(job.id), job.maxConcurrent!])
  }
  if (needs.length === 0) return undefined
  return { needs, priority: job.priority ?? DEFAULT_PRIORITY, limits }
}

/**
 * A run's capacity with its group's: a group with maxConcurrent adds one slot of `group:<id>`,
 * sized maxConcurrent × its addresses (which address a run takes is decided when it is routed:
 * address-slots.ts). Without a group limit, the job's capacity as it is (no new object per fire).
 */
export function withGroupLimit(
  capacity: TriggerCapacity | undefined,
  group: Pick<JobGroup, 'id' | 'maxConcurrent'> | undefined,
  addressCount: number,
): TriggerCapacity | undefined {
  if (!group?.maxConcurrent) return capacity
  const name = groupLimitName(group.id)
  const need = { pool: name, slots: 1 }
  const size: [string, number] = [name, group.maxConcurrent * addressCount]
  if (!capacity) return { needs: [need], priority: DEFAULT_PRIORITY, limits: [size] }
  return { needs: [...capacity.needs, need], priority: capacity.priority, limits: [...capacity.limits, size] }
}

/** Free slots per name: each pool's (or limit's) size less what runs hold of it now. */
export function freeSlots(sizes: ReadonlyMap<string, number>, held: ReadonlyMap<string, number>): Map<string, number> {
  const free = new Map<string, number>()
  for (const [name, size] of sizes) free.set(name, size - (held.get(name) ?? 0))
  return free
}
