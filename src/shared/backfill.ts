import type { SkipReason } from './calendar/skip-reasons'

/**
 * A backfill: one run per slot that a job's or a flow's schedule (with its calendar) would have
 * produced in [from, to). Its runs are ordinary runs with trigger type BACKFILL, their scheduled
 * time set to the slot (so `${schedule.time}` and `${schedule.date}` name it).
 */
export const BACKFILL_ORDERS = ['OLDEST_FIRST', 'NEWEST_FIRST'] as const
export type BackfillOrder = (typeof BACKFILL_ORDERS)[number]

export const BACKFILL_STATES = ['running', 'paused', 'done', 'cancelled'] as const
export type BackfillState = (typeof BACKFILL_STATES)[number]

/** A slot's state: pending until its run is written, then running, then done or failed; cancelled with its backfill. */
export const BACKFILL_SLOT_STATES = ['pending', 'running', 'done', 'failed', 'cancelled'] as const
export type BackfillSlotState = (typeof BACKFILL_SLOT_STATES)[number]

/** Slots one backfill takes unless the caller raises the cap (`maxSlots`). */
export const BACKFILL_DEFAULT_MAX_SLOTS = 100_000
/** Runs of one backfill at once, at most. */
export const BACKFILL_MAX_CONCURRENCY = 64
/**
 * The highest cap `maxSlots` may set. A range's slots are counted up to here to say how many it
 * holds; past it the refusal says "more than" (counting is a scheduler call per slot).
 */
export const BACKFILL_MAX_SLOTS_CEILING = 1_000_000
/** Slots `getBackfill` lists at once, at most (`slotOffset` pages on). */
export const BACKFILL_VIEW_SLOTS_MAX = 100_000
/** Backfills `listBackfills` answers at once, at most (50 unless asked). */
export const BACKFILL_LIST_LIMIT_MAX = 500

export type BackfillTarget = { jobId: number } | { flowId: number }

export type BackfillRequest = BackfillTarget & {
  /** Epoch milliseconds or ISO 8601; the range is [from, to). */
  from: number | string
  to: number | string
  concurrency?: number
  order?: BackfillOrder
  /** Only the slots without a successful run. */
  onlyMissing?: boolean
  /** List the slots, start nothing. */
  dryRun?: boolean
  /** Raises the 100k-slot cap for this backfill. */
  maxSlots?: number
}

export interface BackfillStarted {
  /** 0 for a dry run. */
  backfillId: number
  /** The slots, in the order they run (epoch ms). */
  slots: number[]
}

export interface BackfillSlotView {
  slot: number
  /** The run (job_log id, or the flow run's id); 0 until it is started. */
  runId: number
  state: BackfillSlotState
}

/** `getBackfill`: a backfill and (a page of) its slots. */
export interface BackfillQuery {
  id: number
  /** The first slot listed (its place in the backfill's order); default 0. */
  slotOffset?: number
  /** Slots listed; default and at most BACKFILL_VIEW_SLOTS_MAX. */
  slotLimit?: number
}

/** `listBackfills`: newest first. */
export interface BackfillFilter {
  jobId?: number
  flowId?: number
  state?: BackfillState
  /** Default 50, at most 500. */
  limit?: number
}

/** A backfill with its progress, without its slots (`listBackfills`). */
export type BackfillSummary = BackfillTarget & {
  id: number
  state: BackfillState
  from: number
  to: number
  concurrency: number
  order: BackfillOrder
  onlyMissing: boolean
  total: number
  done: number
  failed: number
  running: number
  /** Slots not started yet (their runs wait for room, a resume, or the end of pause-all). */
  pending: number
  cancelled: number
  createdBy: string
  createdAtMs: number
  updatedAtMs: number
}

/** `getBackfill`: a backfill, its progress and (a page of) its slots. */
export type BackfillView = BackfillSummary & {
  /** Where `slots` starts in the backfill's order. */
  slotOffset: number
  slots: BackfillSlotView[]
}

/** A slot the scheduler did not fire, and why (`listMissedSlots`). */
export type MissedSlotView = ({ jobId: number } | { flowId: number }) & {
  slot: number
  reason: SkipReason
  /** The holiday's or the window's name, or where a moved fire went. */
  detail: string
  recordedAtMs: number
}
