import { MIN_RETENTION_DAYS } from '../executor/run-log/log-retention'
import type { RepoAccess, Repos } from '../store/store'

/** Local midnight (this machine's time zone) of the day containing `nowMs`. */
export function startOfLocalDay(nowMs: number): number {
  const date = new Date(nowMs)
  date.setHours(0, 0, 0, 0)
  return date.getTime()
}

/** The local midnight `days` days after `dayStartMs` (DST-safe: by calendar, not by 24 h steps). */
export function addLocalDays(dayStartMs: number, days: number): number {
  const date = new Date(dayStartMs)
  date.setDate(date.getDate() + days)
  date.setHours(0, 0, 0, 0)
  return date.getTime()
}

/** Recounts today, yesterday and the day before into job_log_report (XXL-JOB's report loop). */
export async function refreshReport(store: RepoAccess<'reports'>, nowMs: number): Promise<void> {
  const today = startOfLocalDay(nowMs)
  for (let back = 0; back < 3; back++) {
    const start = addLocalDays(today, -back)
    const end = addLocalDays(start, 1)
    await store.transaction((tx) => tx.reports.refreshDay(start, end, nowMs))
  }
}

// Retention below 3 days disables cleanup, as in XXL-JOB 3.x (too easy to lose history): one rule
// for the run rows here and the executor's run-log files.
export { MIN_RETENTION_DAYS }
/** Runs deleted per transaction: small, so callbacks and the scan never wait long for the write lock. */
export const RETENTION_BATCH = 500

/**
 * Deletes runs (and their stored log texts) triggered before local midnight `retentionDays` days
 * ago, in small transactions with a pause between them. Returns how many were deleted.
 */
export async function deleteExpiredRuns(
  store: RepoAccess<'runs'>,
  nowMs: number,
  retentionDays: number,
  /** After each batch's transaction: its runs' rows (artifact rows too) are gone, their files go now. */
  onDeleted: (ids: readonly number[]) => Promise<void> = async () => {},
): Promise<number> {
  if (retentionDays < MIN_RETENTION_DAYS) return 0
  const beforeMs = retentionCutoffMs(nowMs, retentionDays)
  let deleted = 0
  for (;;) {
    const ids = await store.runs.findOldIds(beforeMs, RETENTION_BATCH)
    if (ids.length === 0) return deleted
    deleted += await store.transaction((tx) => tx.runs.deleteByIds(ids))
    await onDeleted(ids)
    // Let other writers (callbacks, the scan) take the lock between batches.
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/**
 * Deletes the slots the scheduler recorded as not fired before the same cutoff as the runs': a
 * missed slot is kept as long as the runs beside it (none below the minimum retention).
 */
export async function deleteExpiredMissedSlots(store: Pick<Repos, 'missedSlots'>, nowMs: number, retentionDays: number): Promise<number> {
  if (retentionDays < MIN_RETENTION_DAYS) return 0
  return store.missedSlots.deleteRecordedBefore(retentionCutoffMs(nowMs, retentionDays))
}

/** Deletes the backfills that ended before the runs' cutoff, with their slots (none below the minimum retention). */
export async function deleteExpiredBackfills(store: Pick<Repos, 'backfills'>, nowMs: number, retentionDays: number): Promise<number> {
  if (retentionDays < MIN_RETENTION_DAYS) return 0
  return store.backfills.deleteEndedBefore(retentionCutoffMs(nowMs, retentionDays))
}

/** Deletes the alarm list's entries decided before the runs' cutoff: an alarm is kept as long as its run. */
export async function deleteExpiredAlarms(store: Pick<Repos, 'alarmList'>, nowMs: number, retentionDays: number): Promise<number> {
  if (retentionDays < MIN_RETENTION_DAYS) return 0
  return store.alarmList.deleteBefore(retentionCutoffMs(nowMs, retentionDays))
}

/** Local midnight `retentionDays` days ago: what was triggered (or recorded) before it is expired. */
function retentionCutoffMs(nowMs: number, retentionDays: number): number {
  return addLocalDays(startOfLocalDay(nowMs), -retentionDays)
}
