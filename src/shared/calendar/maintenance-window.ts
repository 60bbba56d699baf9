/**
 * A maintenance window: a stretch of time in which no new fire starts for what it covers. One-off
 * windows give their start and end; recurring ones a Quartz cron for each start and a length in
 * seconds of elapsed time (a 3-hour window over a DST change still lasts 3 hours).
 */
export type WindowTiming = { kind: 'once'; startMs: number; endMs: number } | { kind: 'recurring'; cron: string; durationSec: number }

/** What a window holds back: everything, or the named groups, jobs and flows. */
export type WindowScope = { all: true } | { all: false; groupIds: number[]; jobIds: number[]; flowIds: number[] }

export interface MaintenanceWindow {
  id: number
  name: string
  /** IANA zone a recurring window's cron is read in. */
  timezone: string
  timing: WindowTiming
  scope: WindowScope
  /** Kill the runs of what it covers when it opens; otherwise running work is left to finish. */
  killRunning: boolean
  enabled: boolean
}

/** What a fire belongs to, for a window's scope. */
export type WindowTarget = { jobId: number; groupId: number } | { flowId: number }

export function windowCovers(scope: WindowScope, target: WindowTarget): boolean {
  if (scope.all) return true
  if ('flowId' in target) return scope.flowIds.includes(target.flowId)
  return scope.jobIds.includes(target.jobId) || scope.groupIds.includes(target.groupId)
}

/** A window as the API shows it: what it says, and who changed it last, when. */
export interface WindowView extends MaintenanceWindow {
  updatedAtMs: number
  updatedBy: string
}
