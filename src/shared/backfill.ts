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

export type BackfillView = BackfillTarget & {
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
  createdBy: string
  createdAtMs: number
  updatedAtMs: number
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
