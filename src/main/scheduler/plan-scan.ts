import type { MisfireStrategy } from '../../shared/model'
import type { DueJob, NextTimeUpdate } from '../domain/fires'
import type { RingFire, StaleFire } from '../domain/fires'

/** How far ahead the scan reads (XXL-JOB's PRE_READ_MS); also the lateness that makes a fire a misfire. */
export const PRE_READ_MS = 5000

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
}

/** First fire strictly after `fromMs`, or null when the schedule has none (NONE, past end). */
export type NextFireFn = (job: DueJob, fromMs: number) => number | null

/** A 1-second schedule pushes 6 fires at most into a 5-s window; the cap guards against a bad function. */
const MAX_FIRES_PER_JOB = 16

/**
 * Decides one scan, purely (docs/protocol.md#scan-and-time-ring, with two changes: docs/design.md#scan-and-time-ring):
 * - every fire within the pre-read window is planned at once (XXL-JOB plans one per job per scan),
 *   so a 1-second job is read once per ~5 s instead of every second;
 * - fires go to the ring (and `job_ring`) even when due now, so none is lost if the process dies
 *   between this plan and the trigger.
 * A job more than PRE_READ_MS late is a misfire: FIRE_ONCE_NOW fires once for all missed times,
 * DO_NOTHING fires nothing; either way the schedule continues from now. Stale fires of a dead
 * process count as missed times of their job, so an outage still yields at most one misfire run.
 */
export function planScan(nowMs: number, dueJobs: readonly DueJob[], staleFires: readonly StaleFire[], nextFire: NextFireFn): ScanPlan {
  const plan: ScanPlan = { fires: [], updates: [], misfires: [] }
  const staleByJob = groupByJob(staleFires)

  for (const job of dueJobs) {
    const missed = (staleByJob.get(job.id) ?? []).map((f) => f.scheduleTimeMs)
    staleByJob.delete(job.id)
    let next: number | null = job.triggerNextTimeMs
    let last = job.triggerLastTimeMs

    if (nowMs > next + PRE_READ_MS) {
      missed.push(next)
      last = next
      next = nextFire(job, nowMs)
    } else if (nowMs >= next) {
      plan.fires.push({ jobId: job.id, scheduleTimeMs: next, fireAtMs: nowMs, triggerType: 'CRON' })
      last = next
      next = nextFire(job, nowMs)
    }

    for (let n = 0; next !== null && next <= nowMs + PRE_READ_MS && n < MAX_FIRES_PER_JOB; n++) {
      plan.fires.push({ jobId: job.id, scheduleTimeMs: next, fireAtMs: next, triggerType: 'CRON' })
      last = next
      next = nextFire(job, next)
    }

    if (missed.length > 0) addMisfire(plan, nowMs, job.id, job.misfireStrategy, missed)
    plan.updates.push(
      // A schedule that ran out stops its job, keeping its last fire: the fires planned above are
      // still owed, and the trigger runs a stopped job's fire up to that time (prepare-runs.ts).
      next === null
        ? { id: job.id, triggerStatus: 0, triggerLastTimeMs: last, triggerNextTimeMs: 0 }
        : { id: job.id, triggerStatus: 1, triggerLastTimeMs: last, triggerNextTimeMs: next },
    )
  }

  for (const [jobId, fires] of staleByJob) {
    if (fires[0].triggerStatus !== 1) continue
    addMisfire(
      plan,
      nowMs,
      jobId,
      fires[0].misfireStrategy,
      fires.map((f) => f.scheduleTimeMs),
    )
  }
  return plan
}

function addMisfire(plan: ScanPlan, nowMs: number, jobId: number, strategy: MisfireStrategy, missed: number[]): void {
  const missedTimesMs = [...missed].sort((a, b) => a - b)
  plan.misfires.push({ jobId, missedTimesMs, strategy })
  if (strategy === 'FIRE_ONCE_NOW') {
    // The latest missed time names the run, so a repeat of this plan (after a crash before commit)
    // maps onto the same unique (job, schedule_time) and cannot fire twice.
    const scheduleTimeMs = missedTimesMs[missedTimesMs.length - 1]
    plan.fires.push({ jobId, scheduleTimeMs, fireAtMs: nowMs, triggerType: 'MISFIRE' })
  }
}

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
