/**
 * Resource pools, priority and maxConcurrent (docs/capacity.md): the words core and console share.
 */

/** What a job or a flow node needs of one pool while a run of it goes. */
export interface PoolNeed {
  name: string
  /** Slots held from the trigger to the run's end; default 1. */
  slots: number
}

/** A job's capacity fields, grouped so the job's other fields stay as they were (all optional: absent = no limit). */
export interface JobCapacityFields {
  /** The pools every run of the job holds slots of; absent or empty: none. */
  pools?: PoolNeed[]
  /** 1 (HIGHEST) … 9 (LOWEST): the order of the job's queued runs; absent: 5. */
  priority?: number
  /** At most this many runs of the job at once, across every address; absent or 0: no limit. */
  maxConcurrent?: number
}

/** The names a priority may be given by, and the number each stands for. */
export const PRIORITY_NAMES = { HIGHEST: 1, HIGH: 3, NORMAL: 5, LOW: 7, LOWEST: 9 } as const
export const DEFAULT_PRIORITY = 5
const MIN_PRIORITY = 1
const MAX_PRIORITY = 9

/** A priority as stored (1…9), from a number or a name; undefined when it is neither. */
export function priorityOf(value: number | string): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= MIN_PRIORITY && value <= MAX_PRIORITY ? value : undefined
  return (PRIORITY_NAMES as Record<string, number>)[value.toUpperCase()]
}

/** A pool as stored and as the API shows it. */
export interface ResourcePool {
  name: string
  slots: number
  description: string
  updatedAtMs: number
  updatedBy: string
}

/** A pool as addPool and updatePool take it. */
export type PoolInput = Pick<ResourcePool, 'name' | 'slots'> & { description?: string }

/** A pool with what its runs hold and how many wait for it (listPools). */
export interface PoolUsage extends ResourcePool {
  held: number
  waiting: number
}

/** Why a run waits (the Queue page). */
export type QueueReason = 'poolFull' | 'jobMaxConcurrent' | 'groupMaxConcurrent' | 'behindHigherPriority' | 'unknownPool'

/** One queued run as listQueue answers it, per pool it waits for. */
export interface QueuedRunView {
  runId: number
  jobId: number
  jobGroup: number
  /** A pool's name, or `job:<id>` for the job's own maxConcurrent. */
  pool: string
  slots: number
  priority: number
  /** 1-based place in its pool's queue. */
  position: number
  waitingSinceMs: number
  /** Its scheduled time (else its trigger time): the order after priority. */
  orderTimeMs: number
  why: QueueReason
}

/**
 * What a name in the held slots stands for: a pool an admin manages, a job's own maxConcurrent
 * (`job:<id>`), a group's maxConcurrent over all of its addresses (`group:<id>`), or one address
 * of such a group (`addr:<id>:<address>`). Pool names cannot hold ':' (the schema's pattern).
 */
export type LimitKind = 'pool' | 'job' | 'group' | 'address'

export function limitKind(name: string): LimitKind {
  if (name.startsWith('job:')) return 'job'
  if (name.startsWith('group:')) return 'group'
  if (name.startsWith('addr:')) return 'address'
  return 'pool'
}

export function jobLimitName(jobId: number): string {
  return `job:${jobId}`
}

export function groupLimitName(groupId: number): string {
  return `group:${groupId}`
}

export function addressLimitName(groupId: number, address: string): string {
  return `addr:${groupId}:${address}`
}
