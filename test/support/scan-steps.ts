import type { DueJob, RingFire, StaleFire } from '../../src/main/domain/fires'
import type { CalendarSlots } from '../../src/main/schedule/window-hold'
import { planScan, type NextFireFn } from '../../src/main/scheduler/plan-scan'
import type { MissedSlot } from '../../src/main/store/missed-slot-repo'
import type { MaintenanceWindow } from '../../src/shared/calendar/maintenance-window'

export interface ScanSteps {
  /** The fires that went out (a paused ring's are not among them), in the order planned. */
  fires: RingFire[]
  /** The slots recorded as not fired, the first record of a slot kept (as job_missed_slot keeps it). */
  missed: MissedSlot[]
  /** Where the job's schedule ran out (its last scan's reach), or null while it still had fires. */
  stoppedAtMs: number | null
}

export interface ScanStepsInput {
  fromMs: number
  toMs: number
  nextFire: NextFireFn
  windows: readonly MaintenanceWindow[]
  calendarOf: (job: DueJob) => CalendarSlots | null
  /** Pause-all switched on at this instant (null: never): scans plan nothing from then, the ring fires nothing. */
  pausedSinceMs: number | null
  /** Switched off at this instant (after `toMs`): a scan then decides what the pause held. */
  resumedAtMs: number
  /** How late each scan runs after the earliest it could (0 to 1: 0 to 9 s, within the pre-read window). */
  late: () => number
}

/**
 * The scan's own decisions (planScan) for one job, on a clock stepped to each due time as the scan
 * loop would reach it: the pure half of the scheduler, for tests that compare it with the
 * simulator over many cases. A fire due once pause-all is on stays unfired (the ring drops it and
 * its row waits in `job_ring`), and the scan after the resume gets those rows as stale fires.
 */
export function scanSteps(job: DueJob, input: ScanStepsInput): ScanSteps {
  const { nextFire, windows, calendarOf, pausedSinceMs } = input
  const out: ScanSteps = { fires: [], missed: [], stoppedAtMs: null }
  const seen = new Set<number>()
  const record = (slots: readonly MissedSlot[]) => {
    for (const slot of slots) {
      if (seen.has(slot.slotMs)) continue
      seen.add(slot.slotMs)
      out.missed.push(slot)
    }
  }
  const first = nextFire(job, input.fromMs - 1)
  if (first === null) return { ...out, stoppedAtMs: input.fromMs }
  let state: DueJob = { ...job, triggerNextTimeMs: first }
  const held: RingFire[] = []
  let lastNowMs = -Infinity
  for (let scans = 0; scans < 100_000 && state.triggerNextTimeMs < input.toMs; scans++) {
    const nowMs = Math.max(lastNowMs + 1, state.triggerNextTimeMs - 5000 + Math.floor(input.late() * 9000))
    if (pausedSinceMs !== null && nowMs >= pausedSinceMs) break
    lastNowMs = nowMs
    const plan = planScan(nowMs, [state], [], nextFire, { windows, pause: null, calendarOf })
    for (const fire of plan.fires) (pausedSinceMs !== null && fire.fireAtMs >= pausedSinceMs ? held : out.fires).push(fire)
    record(plan.missed)
    const update = plan.updates[0]
    if (update.triggerStatus === 0) {
      out.stoppedAtMs = nowMs + 5000
      break
    }
    state = { ...state, triggerNextTimeMs: update.triggerNextTimeMs, triggerLastTimeMs: update.triggerLastTimeMs, triggerHeldTimeMs: update.triggerHeldTimeMs }
  }
  if (pausedSinceMs !== null && out.stoppedAtMs === null) {
    const nowMs = input.resumedAtMs
    const stale: StaleFire[] = held.map((fire) => ({ ...fire, misfireStrategy: job.misfireStrategy, triggerStatus: 1 }))
    const due = state.triggerNextTimeMs <= nowMs + 5000 ? [state] : []
    record(planScan(nowMs, due, stale, nextFire, { windows, pause: { fromMs: pausedSinceMs, toMs: nowMs }, calendarOf }).missed)
  }
  return out
}
