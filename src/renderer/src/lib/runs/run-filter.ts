import type { LastRun, RunFilter } from '../../../../shared/api'
import { isKilledRun } from '../../../../shared/run-kill'
import { runStatus, type JobRun, type RunStatus, type TriggerType } from '../../../../shared/model'

export const TIME_RANGES = ['all', '1h', '24h', '7d'] as const
export type TimeRange = (typeof TIME_RANGES)[number]

const RANGE_MS: Record<Exclude<TimeRange, 'all'>, number> = { '1h': 3_600_000, '24h': 86_400_000, '7d': 7 * 86_400_000 }

/** The Runs page's filter as the operator sets it. */
export interface RunListFilter {
  jobId: number | null
  /** Executor group (`job_group`). */
  groupId: number | null
  status: RunStatus | null
  triggerType: TriggerType | null
  timeRange: TimeRange
}

export const NO_RUN_FILTER: RunListFilter = { jobId: null, groupId: null, status: null, triggerType: null, timeRange: 'all' }

/** The API filter for the newest page (or the page before `beforeId`); the time range ends "now". */
export function toApiRunFilter(filter: RunListFilter, nowMs: number, beforeId?: number, limit = 200): RunFilter {
  return {
    ...(filter.jobId !== null ? { jobId: filter.jobId } : {}),
    ...(filter.groupId !== null ? { jobGroup: filter.groupId } : {}),
    ...(filter.status !== null ? { status: filter.status } : {}),
    ...(filter.triggerType !== null ? { triggerType: filter.triggerType } : {}),
    ...(filter.timeRange !== 'all' ? { sinceMs: nowMs - RANGE_MS[filter.timeRange] } : {}),
    ...(beforeId !== undefined ? { beforeId } : {}),
    limit,
  }
}

/** Whether a run pushed by `runs-changed` belongs in the list the filter shows. */
export function matchesRunFilter(run: JobRun, filter: RunListFilter, nowMs: number): boolean {
  if (filter.jobId !== null && run.jobId !== filter.jobId) return false
  if (filter.groupId !== null && run.jobGroup !== filter.groupId) return false
  if (filter.status !== null && runStatus(run) !== filter.status) return false
  if (filter.triggerType !== null && run.triggerType !== filter.triggerType) return false
  if (filter.timeRange !== 'all' && run.triggerTimeMs < nowMs - RANGE_MS[filter.timeRange]) return false
  return true
}

/**
 * Applies pushed run rows to a list sorted by id, newest first. Rows the list holds are replaced
 * (and dropped when they no longer match, e.g. a status filter of "running"); new rows newer than
 * the oldest held one are inserted when they match. Older unknown rows belong to pages not loaded.
 */
export function mergeRuns(list: readonly JobRun[], changed: readonly JobRun[], filter: RunListFilter, nowMs: number, complete: boolean): JobRun[] {
  if (changed.length === 0) return list as JobRun[]
  const byId = new Map(list.map((run) => [run.id, run]))
  const oldestId = list.length > 0 ? list[list.length - 1].id : 0
  let touched = false
  for (const run of changed) {
    const held = byId.has(run.id)
    const matches = matchesRunFilter(run, filter, nowMs)
    if (held && !matches) {
      byId.delete(run.id)
      touched = true
    } else if (matches && (held || run.id > oldestId || complete)) {
      byId.set(run.id, run)
      touched = true
    }
  }
  if (!touched) return list as JobRun[]
  return [...byId.values()].sort((a, b) => b.id - a.id)
}

/** A run as the last-run map holds it (the shape `listLastRuns` answers with). */
export function toLastRun(run: JobRun): LastRun {
  return { jobId: run.jobId, logId: run.id, status: runStatus(run), triggerTimeMs: run.triggerTimeMs, ...(isKilledRun(run) ? { killed: true as const } : {}) }
}

/** The newest run per job from a batch of rows, merged into what is known. */
export function updateLastRuns(known: Readonly<Record<number, LastRun>>, runs: readonly JobRun[]): Record<number, LastRun> {
  let next: Record<number, LastRun> | null = null
  for (const run of runs) {
    const current = (next ?? known)[run.jobId]
    if (current && current.logId > run.id) continue
    const last = toLastRun(run)
    if (current && current.logId === last.logId && current.status === last.status) continue
    next ??= { ...known }
    next[run.jobId] = last
  }
  return next ?? (known as Record<number, LastRun>)
}

/** Adds pushed rows to the child lists of the parents that are open (by `parentLogId`). */
export function mergeChildRuns(known: Record<number, JobRun[]>, changed: readonly JobRun[]): Record<number, JobRun[]> {
  let next: Record<number, JobRun[]> | null = null
  for (const run of changed) {
    if (run.parentLogId === null || !known[run.parentLogId]) continue
    next ??= { ...known }
    const list = next[run.parentLogId].filter((child) => child.id !== run.id)
    next[run.parentLogId] = [run, ...list].sort((a, b) => b.id - a.id)
  }
  return next ?? known
}

/** Adds pushed rows to the recent-run lists of the jobs that are open, newest first, at most `limit` each. */
export function mergeRecentRuns(known: Record<number, JobRun[]>, changed: readonly JobRun[], limit: number): Record<number, JobRun[]> {
  let next: Record<number, JobRun[]> | null = null
  for (const run of changed) {
    const list = (next ?? known)[run.jobId]
    if (!list) continue
    const oldest = list.length >= limit ? list[list.length - 1].id : 0
    if (run.id < oldest) continue
    next ??= { ...known }
    next[run.jobId] = [run, ...list.filter((held) => held.id !== run.id)].sort((a, b) => b.id - a.id).slice(0, limit)
  }
  return next ?? known
}
