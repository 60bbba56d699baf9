import type { FlowRunState } from '../../shared/flow-types'
import { ALARM_STATUS, runStatus } from '../../shared/model'
import { MAX_RETRY_COUNT } from '../../shared/schema/job'
import type { SlotAttempt } from '../domain/backfills'

/** What became of a slot's run so far: still going (its retries included), or ended one way. */
export type SlotEnd = 'running' | 'done' | 'failed'

/**
 * Where one chain of attempts stands: a run, then each retry of the one before. A failed attempt
 * with retries left is not the end while the fail monitor has not decided it (alarm status todo or
 * locked): its retry is on the way (after a backoff, maybe). Once decided without a retry (the job
 * was deleted, or the retry could not be written), the failure is final.
 */
export function chainEnd(root: SlotAttempt, retriesOf: (id: number) => SlotAttempt | undefined): SlotEnd {
  let attempt = root
  // A chain is at most one run and its job's retries long; the bound keeps a hand-edited table from looping.
  for (let step = 0; step <= MAX_RETRY_COUNT + 1; step++) {
    const status = runStatus(attempt)
    if (status === 'success') return 'done'
    if (status === 'pending' || status === 'running') return 'running'
    const retry = retriesOf(attempt.id)
    if (retry) {
      attempt = retry
      continue
    }
    const undecided = attempt.alarmStatus === ALARM_STATUS.todo || attempt.alarmStatus === ALARM_STATUS.locked
    return attempt.failRetryCount > 0 && undecided ? 'running' : 'failed'
  }
  return 'failed'
}

/**
 * A slot of a job: its runs (one, or one per shard of a broadcast) with their retries. Done when
 * every shard succeeded, failed once none is going and one failed; a slot whose run is gone (a job
 * deleted with its runs) failed.
 */
export function jobSlotEnd(roots: readonly SlotAttempt[], retriesOf: (id: number) => SlotAttempt | undefined): SlotEnd {
  if (roots.length === 0) return 'failed'
  const ends = roots.map((root) => chainEnd(root, retriesOf))
  if (ends.includes('running')) return 'running'
  return ends.includes('failed') ? 'failed' : 'done'
}

/** A slot of a flow: its flow run's state (undefined: the run is gone). */
export function flowSlotEnd(state: FlowRunState | undefined): SlotEnd {
  if (state === 'success') return 'done'
  if (state === 'queued' || state === 'running' || state === 'waiting') return 'running'
  return 'failed'
}

/** Retries by the run they retry; the first of a run's retries counts (the fail monitor writes one). */
export function retryIndex(retries: readonly SlotAttempt[]): (id: number) => SlotAttempt | undefined {
  const byParent = new Map<number, SlotAttempt>()
  for (const retry of [...retries].sort((a, b) => a.id - b.id)) {
    if (retry.parentLogId !== null && !byParent.has(retry.parentLogId)) byParent.set(retry.parentLogId, retry)
  }
  return (id) => byParent.get(id)
}

/**
 * Which slots in a range already have a successful run (a backfill's `onlyMissing`): the runs of a
 * slot are grouped by what wrote them (the schedule, or one backfill), so a broadcast counts as a
 * success only when each of its shards did, following each one's retries.
 */
export function succeededSlots(attempts: readonly SlotAttempt[], retriesOf: (id: number) => SlotAttempt | undefined): Set<number> {
  const groups = new Map<string, SlotAttempt[]>()
  for (const attempt of attempts) {
    if (attempt.scheduleTimeMs === null) continue
    const key = `${attempt.scheduleTimeMs}|${attempt.backfillId}`
    const group = groups.get(key)
    if (group) group.push(attempt)
    else groups.set(key, [attempt])
  }
  const succeeded = new Set<number>()
  for (const group of groups.values()) if (jobSlotEnd(group, retriesOf) === 'done') succeeded.add(group[0].scheduleTimeMs!)
  return succeeded
}
