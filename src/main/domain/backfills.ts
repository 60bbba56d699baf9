import type { BackfillOrder, BackfillSlotState, BackfillState } from '../../shared/backfill'

// The terms the backfill service and the store speak (store/backfill-repo.ts, backfill/).

/** A `job_backfill` row. Exactly one of jobId and flowId is non-zero. */
export interface BackfillRecord {
  id: number
  jobId: number
  flowId: number
  fromMs: number
  toMs: number
  concurrency: number
  order: BackfillOrder
  onlyMissing: boolean
  state: BackfillState
  /** Slots it was started with (each a `job_backfill_slot` row). */
  total: number
  createdBy: string
  createdAtMs: number
  updatedAtMs: number
}

export type NewBackfill = Omit<BackfillRecord, 'id' | 'updatedAtMs'>

/** How many of a backfill's slots are in each state. */
export type SlotCounts = Record<BackfillSlotState, number>

/** A slot whose run was written: the run (job_log id, or the flow run's id) decides when it ends. */
export interface StartedSlot {
  slotMs: number
  runId: number
}

/** One trigger attempt of a job, as a backfill reads what became of a slot (backfill/slot-outcome.ts). */
export interface SlotAttempt {
  id: number
  /** The slot a scheduled or backfill run is for; null for a retry. */
  scheduleTimeMs: number | null
  backfillId: number
  /** The run a retry retries. */
  parentLogId: number | null
  triggerCode: number
  handleCode: number
  /** Retries left after this attempt. */
  failRetryCount: number
  alarmStatus: number
}
