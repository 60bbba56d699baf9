import type { DeadlineTerms } from '../../shared/deadline-terms'

/** The deadline columns of `job_info` and `job_flow` alike (migrations/0024-deadlines.ts). */
export interface DeadlineRow {
  start_deadline_sec: number
  finish_by: string
  finish_within_sec: number
  /** The slow factor in hundredths (2.5 → 250). */
  slow_percent: number
}

export const DEADLINE_COLUMNS = ['start_deadline_sec', 'finish_by', 'finish_within_sec', 'slow_percent'] as const satisfies readonly (keyof DeadlineRow)[]

/** Selects the jobs or flows that have any promise: only they are watched by the deadline monitor. */
export const HAS_DEADLINES = "(start_deadline_sec > 0 OR finish_by <> '' OR finish_within_sec > 0 OR slow_percent > 0)"

export function deadlineColumnsOf(terms: DeadlineTerms): DeadlineRow {
  return {
    start_deadline_sec: terms.startDeadlineSec,
    finish_by: terms.finishBy,
    finish_within_sec: terms.finishWithinSec,
    slow_percent: Math.round(terms.slowFactor * 100),
  }
}

/** Numbers as numbers: PostgreSQL's driver gives some numeric types back as strings. */
export function deadlineTermsOfRow(row: DeadlineRow): DeadlineTerms {
  return {
    startDeadlineSec: Number(row.start_deadline_sec ?? 0),
    finishBy: row.finish_by ?? '',
    finishWithinSec: Number(row.finish_within_sec ?? 0),
    slowFactor: Number(row.slow_percent ?? 0) / 100,
  }
}
