import type { DueJob, NextTimeUpdate } from '../domain/fires'
import type { Repos } from '../store/store'
import type { MaintenanceView } from './maintenance-view'
import { PRE_READ_MS, reconsiderHold } from './plan-due'
import type { NextFireFn } from './plan-scan'

/**
 * After the windows changed, the jobs they held are looked at again, a page per scan, inside the
 * scan's transaction: a window removed or shortened releases them at once (their close comes now
 * or sooner), and the slots from the new close on are no longer recorded as held. Resolves with
 * the jobs whose close is now within the scan's pre-read window, to plan with the due ones (the
 * others' new close is written here), and where the next page starts — for the caller to keep
 * once the transaction committed (null: done).
 */
export async function reconsiderHeldJobs(
  tx: Pick<Repos, 'jobs' | 'missedSlots'>,
  view: MaintenanceView,
  nowMs: number,
  schedule: {
    nextFire: NextFireFn
    /** Brings the calendars the jobs follow up to date, before their fires are asked for. */
    readCalendars: (jobs: readonly DueJob[]) => Promise<void>
  },
  pageSize: number,
): Promise<{ due: DueJob[]; nextFromId: number | null }> {
  const fromId = view.reconsidering
  if (fromId === null) return { due: [], nextFromId: null }
  const { nextFire } = schedule
  const horizonMs = nowMs + PRE_READ_MS
  const held = await tx.jobs.findHeld(fromId, horizonMs, pageSize)
  const nextFromId = held.length < pageSize ? null : held[held.length - 1].id
  await schedule.readCalendars(held)
  const due: DueJob[] = []
  const updates: NextTimeUpdate[] = []
  for (const job of held) {
    const target = { jobId: job.id }
    // What the hold held so far is asked of the records only when its latest slot is still ahead.
    const passedMs = job.triggerHeldTimeMs >= nowMs ? await tx.missedSlots.latestHeld(target, job.triggerLastTimeMs, nowMs) : 0
    const changed = reconsiderHold(job, { jobId: job.id, groupId: job.jobGroup }, nowMs, view.windows, nextFire, passedMs)
    if (changed === null) continue
    await tx.missedSlots.forgetHeld(target, changed.forgetFromMs)
    const { nextMs, heldMs } = changed
    if (nextMs === null) updates.push({ id: job.id, triggerStatus: 0, triggerLastTimeMs: job.triggerLastTimeMs, triggerNextTimeMs: 0, triggerHeldTimeMs: 0 })
    else if (nextMs <= horizonMs) due.push({ ...job, triggerNextTimeMs: nextMs, triggerHeldTimeMs: heldMs })
    else updates.push({ id: job.id, triggerStatus: 1, triggerLastTimeMs: job.triggerLastTimeMs, triggerNextTimeMs: nextMs, triggerHeldTimeMs: heldMs })
  }
  if (updates.length > 0) await tx.jobs.writeNextTimes(updates)
  return { due, nextFromId }
}
