/**
 * The promises a job or a flow makes about its runs (docs/deadlines.md). All optional: 0 or '' is
 * off. Shared by the core (which watches them) and the console (which edits them and shows the
 * marks a run got).
 */
export interface DeadlineTerms {
  /** Not started within this many seconds of its scheduled time (queued, held, executor down). */
  startDeadlineSec: number
  /** A local time of day in the schedule's zone, `HH:MM` or `HH:MM:SS`: the first one at or after the scheduled time. */
  finishBy: string
  /** Not finished this many seconds after its scheduled time. */
  finishWithinSec: number
  /** Warn when a run takes longer than this many times the p95 of its last successful runs; never kills. */
  slowFactor: number
}

export const NO_DEADLINES: DeadlineTerms = { startDeadlineSec: 0, finishBy: '', finishWithinSec: 0, slowFactor: 0 }

/** The fields in the order forms, exports and documents use. */
export const DEADLINE_FIELDS = ['startDeadlineSec', 'finishBy', 'finishWithinSec', 'slowFactor'] as const satisfies readonly (keyof DeadlineTerms)[]

/** One day: a start or finish deadline further out is almost certainly a unit mistake. */
export const MAX_DEADLINE_SEC = 86_400
/** A run 100 times its usual time is far past "slow"; a larger factor would never warn. */
export const MAX_SLOW_FACTOR = 100

/** The bits of a run's `deadlineMarks` (job_log.deadline_marks, job_flow_run.deadline_marks). */
export const RUN_MARK = { lateStart: 1, lateFinish: 2, slow: 4 } as const

export type DeadlineMissKind = keyof typeof RUN_MARK

export const DEADLINE_MISS_KINDS = Object.keys(RUN_MARK) as DeadlineMissKind[]

/** The badges a list shows for a run's marks: `late` for either deadline, `slow`. */
export function runBadgesOf(marks: number): ('late' | 'slow')[] {
  const badges: ('late' | 'slow')[] = []
  if (marks & (RUN_MARK.lateStart | RUN_MARK.lateFinish)) badges.push('late')
  if (marks & RUN_MARK.slow) badges.push('slow')
  return badges
}

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/

/** `finishBy` as seconds since local midnight; null when it is not `HH:MM` or `HH:MM:SS`. */
export function secondOfDayOf(finishBy: string): number | null {
  const match = TIME_OF_DAY.exec(finishBy)
  if (!match) return null
  return Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3] ?? 0)
}

/** The terms of a job or a flow, without the rest of it (a definition file or a form). */
export function deadlineTermsOf(source: DeadlineTerms): DeadlineTerms {
  return { startDeadlineSec: source.startDeadlineSec, finishBy: source.finishBy, finishWithinSec: source.finishWithinSec, slowFactor: source.slowFactor }
}
