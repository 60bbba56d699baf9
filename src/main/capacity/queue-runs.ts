import type { TriggerCapacity } from './slot-needs'
import { takeSlots, type SlotRepos, type SlotRequest } from './take-slots'

/** What the trigger knows of a run it wrote, enough to ask for its slots. */
export interface WrittenRun {
  logId: number
  /** Written as queued: the trigger does not dispatch it (the queue runner starts it when its slots free up). */
  queued?: true
  job: { id: number }
  triggerType: string
  scheduleTimeMs: number | null
  triggerTimeMs: number
}

/**
 * The trigger's one step for capacity, in its transaction: the runs of jobs with pools or a limit
 * take their slots or are written as queued (marked `queued`); resolves with how many queued. A
 * batch in which no run has a capacity returns at once, without a read (a job with no pools and no
 * maxConcurrent costs the fire path nothing: docs/capacity.md, "What it costs").
 */
export async function queueWhatWaits<R extends WrittenRun>(
  tx: SlotRepos,
  runs: R[],
  capacityOf: (run: R) => TriggerCapacity | undefined,
  parentLogIdOf: (run: R) => number | null,
  nowMs: number,
): Promise<number> {
  let requests: SlotRequest[] | undefined
  for (const run of runs) {
    const capacity = capacityOf(run)
    if (!capacity) continue
    ;(requests ??= []).push({
      logId: run.logId,
      jobId: run.job.id,
      needs: capacity.needs,
      priority: capacity.priority,
      limits: capacity.limits,
      orderTimeMs: run.scheduleTimeMs ?? run.triggerTimeMs,
      retryOf: run.triggerType === 'RETRY' ? parentLogIdOf(run) : null,
    })
  }
  if (!requests) return 0
  const queued = await takeSlots(tx, requests, nowMs)
  if (queued.size > 0) for (const run of runs) if (queued.has(run.logId)) run.queued = true
  return queued.size
}
