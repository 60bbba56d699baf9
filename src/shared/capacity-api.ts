import type { PoolInput, PoolUsage, QueuedRunView, ResourcePool } from './capacity'

/** A group's capacity field, on the group and on what saves one (docs/capacity.md). */
export interface GroupCapacityFields {
  /** At most this many runs at once on each of the group's addresses; absent or 0: no limit. */
  maxConcurrent?: number
}

/** Resource pools and the queue (docs/capacity.md): part of JobDeskApi (./api.ts). */
export interface PoolsApi {
  /** Every resource pool with the slots held of it and the runs waiting for it (docs/capacity.md; everyone reads them). */
  listPools(): Promise<PoolUsage[]>
  /** A new pool (admins): refused when the name is taken. */
  addPool(pool: PoolInput): Promise<ResourcePool>
  /** Changes a pool's slots or description (admins); more slots start waiting runs at once. */
  updatePool(pool: PoolInput): Promise<ResourcePool>
  /** Removes a pool (admins); refused, naming them, while a job or a flow uses it. */
  removePool(request: { name: string }): Promise<void>
  /** The runs waiting for slots, in queue order per pool, with their place and why they wait (the caller's groups). */
  listQueue(filter?: { pool?: string; groupId?: number }): Promise<QueuedRunView[]>
  /** Ends a queued run before it starts (whoever operates its group): no retry, no alarm. */
  cancelQueued(request: { runId: number }): Promise<void>
  /** Starts a queued run now, past its pools (admins): its slots are held from now even over the pool's size. */
  startQueuedNow(request: { runId: number }): Promise<void>
}
