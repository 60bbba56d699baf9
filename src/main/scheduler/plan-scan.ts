import type { WindowTarget } from '../../shared/calendar/maintenance-window'
import type { MisfireStrategy } from '../../shared/model'
import type { DueJob, NextTimeUpdate, RingFire, StaleFire } from '../domain/fires'
import type { CalendarSlots } from '../schedule/window-hold'
import type { MissedSlot } from '../store/missed-slot-repo'
import { DuePlan, missedSlot, planDue, PRE_READ_MS, type FireType, type HoldTerms } from './plan-due'

export { PRE_READ_MS } from './plan-due'

export interface Misfire {
  jobId: number
  /** Scheduled times that passed unfired, oldest first. */
  missedTimesMs: number[]
  strategy: MisfireStrategy
}

export interface ScanPlan {
  /** Every fire this scan decided, due now or later within the pre-read window; all go through the ring. */
  fires: RingFire[]
  updates: NextTimeUpdate[]
  misfires: Misfire[]
  /** The slots this scan found will not fire (held by a window or pause-all, missed, left out by a calendar). */
  missed: MissedSlot[]
}

/** First fire strictly after `fromMs`, or null when the schedule has none (NONE, past end). */
export type NextFireFn = (job: DueJob, fromMs: number) => number | null

/** What a scan knows besides its jobs: the windows and the last pause-all, and each job's calendar for its skips. */
export interface ScanTerms extends HoldTerms {
  /** The schedule's own slots and its calendar, for a job that follows one (null otherwise, and for BUSINESS_DAY). */
  calendarOf?: (job: DueJob) => CalendarSlots | null
}

const NO_HOLDS: ScanTerms = { windows: [], pause: null }

const ringFire = (job: DueJob, scheduleTimeMs: number, fireAtMs: number, triggerType: FireType): RingFire => ({
  jobId: job.id,
  scheduleTimeMs,
  fireAtMs,
  triggerType,
})

/**
 * Decides one scan, purely (docs/protocol.md#scan-and-time-ring, with two changes: docs/design.md#scan-and-time-ring):
 * - every fire within the pre-read window is planned at once (XXL-JOB plans one per job per scan),
 *   so a 1-second job is read once per ~5 s instead of every second;
 * - fires go to the ring (and `job_ring`) even when due now, so none is lost if the process dies
 *   between this plan and the trigger.
 * Each job is planned by planDue (plan-due.ts): maintenance windows hold its fires, a job more than
 * PRE_READ_MS late is a misfire — FIRE_ONCE_NOW fires once for all missed times, DO_NOTHING fires
 * nothing; either way the schedule continues from now. Stale fires of a dead process count as
 * missed times of their job, so an outage still yields at most one misfire run.
 */
export function planScan(
  nowMs: number,
  dueJobs: readonly DueJob[],
  staleFires: readonly StaleFire[],
  nextFire: NextFireFn,
  scan: ScanTerms = NO_HOLDS,
): ScanPlan {
  const result: ScanPlan = { fires: [], updates: [], misfires: [], missed: [] }
  const staleByJob = groupByJob(staleFires)
  const terms = { nowMs, horizonMs: nowMs + PRE_READ_MS, windows: scan.windows, pause: scan.pause }
  const windowed = scan.windows.length > 0
  const plan = new DuePlan<DueJob, RingFire>(result.fires, ringFire)

  for (const job of dueJobs) {
    const stale = staleByJob.get(job.id)
    staleByJob.delete(job.id)
    const target: WindowTarget | null = windowed ? { jobId: job.id, groupId: job.jobGroup } : null
    const calendar = job.calendar !== null && scan.calendarOf ? scan.calendarOf(job) : null
    planDue(plan, job, target, terms, nextFire, calendar, stale === undefined ? NONE : stale.map((f) => f.scheduleTimeMs))
    if (plan.missedTimesMs.length > 0) result.misfires.push({ jobId: job.id, missedTimesMs: [...plan.missedTimesMs], strategy: job.misfireStrategy })
    for (const slot of plan.skipped) result.missed.push({ jobId: job.id, flowId: 0, slotMs: slot.slotMs, reason: slot.reason, detail: slot.detail ?? '' })
    const next = plan.nextMs
    result.updates.push(
      // A schedule that ran out stops its job, keeping its last fire: the fires planned above are
      // still owed, and the trigger runs a stopped job's fire up to that time (prepare-runs.ts).
      next === null
        ? { id: job.id, triggerStatus: 0, triggerLastTimeMs: plan.lastMs, triggerNextTimeMs: 0, triggerHeldTimeMs: 0 }
        : { id: job.id, triggerStatus: 1, triggerLastTimeMs: plan.lastMs, triggerNextTimeMs: next, triggerHeldTimeMs: plan.heldMs },
    )
  }

  for (const [jobId, fires] of staleByJob) {
    if (fires[0].triggerStatus !== 1) continue
    const missedTimesMs = fires.map((f) => f.scheduleTimeMs).sort((a, b) => a - b)
    const strategy = fires[0].misfireStrategy
    result.misfires.push({ jobId, missedTimesMs, strategy })
    // The latest missed time names the run, so a repeat of this plan (after a crash before commit)
    // maps onto the same unique (job, schedule_time) and cannot fire twice.
    const fired = strategy === 'FIRE_ONCE_NOW' ? missedTimesMs[missedTimesMs.length - 1] : null
    if (fired !== null) result.fires.push({ jobId, scheduleTimeMs: fired, fireAtMs: nowMs, triggerType: 'MISFIRE' })
    for (const slotMs of missedTimesMs) {
      if (slotMs === fired) continue
      const slot = missedSlot(slotMs, scan, null)
      result.missed.push({ jobId, flowId: 0, slotMs, reason: slot.reason, detail: slot.detail ?? '' })
    }
  }
  return result
}

const NONE: readonly number[] = []

function groupByJob(fires: readonly StaleFire[]): Map<number, StaleFire[]> {
  const byJob = new Map<number, StaleFire[]>()
  for (const fire of fires) {
    const list = byJob.get(fire.jobId)
    if (list) list.push(fire)
    else byJob.set(fire.jobId, [fire])
  }
  return byJob
}

/** Scans start this far after each whole second, so they never sit in front of the ring's tick. */
export const SCAN_OFFSET_MS = 500

/**
 * A round of scans that hit their batch limit leaves the database alone between them, for as long
 * as each took, during its first this many milliseconds; later batches of a long round go back to
 * back. At 10k every-second jobs a round is ten 1,000-job transactions of ~11 ms: back to back they
 * held SQLite's write lock for most of 110 ms, which another connection to the file, polling, could
 * not get into (B3b). Spaced, the ten fit in about 210 ms; at 50k, by the same figures, the first
 * ~18 are spaced and the round ends after about 750 ms, still within its second.
 */
export const SPACED_ROUND_MS = 400

/**
 * XXL-JOB's pacing: after a scan that read jobs, wait for the next second; after an idle scan, wait
 * ~5 s (nothing can become due sooner than the pre-read window). A scan that took ≥ 1 s goes again at
 * once; one that hit its batch limit goes again after a gap as long as itself while its round is
 * young (`roundMs`, from the round's first scan to the end of this one: SPACED_ROUND_MS), else at once.
 */
export function scanDelayMs(nowMs: number, readCount: number, tookMs: number, batchLimitHit: boolean, roundMs = tookMs): number {
  if (tookMs >= 1000) return 0
  if (batchLimitHit) return roundMs < SPACED_ROUND_MS ? tookMs : 0
  const base = readCount > 0 ? 1000 : PRE_READ_MS
  const intoSecond = (((nowMs - SCAN_OFFSET_MS) % 1000) + 1000) % 1000
  return base - intoSecond
}
