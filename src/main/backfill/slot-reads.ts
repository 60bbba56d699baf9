import { runStatus } from '../../shared/model'
import { MAX_RETRY_COUNT } from '../../shared/schema/job'
import type { SlotAttempt } from '../domain/backfills'
import type { Repos } from '../store/store'
import { retryIndex, succeededSlots } from './slot-outcome'

/**
 * The retries of `attempts` that failed, and of those retries in turn, chain by chain: one read
 * per generation, at most a job's retry count deep.
 */
export async function readRetries(runs: Pick<Repos['runs'], 'retryAttempts'>, attempts: readonly SlotAttempt[]): Promise<SlotAttempt[]> {
  const retries: SlotAttempt[] = []
  let failed = attempts.filter((a) => runStatus(a) === 'failed').map((a) => a.id)
  for (let generation = 0; failed.length > 0 && generation <= MAX_RETRY_COUNT; generation++) {
    const found = await runs.retryAttempts(failed)
    retries.push(...found)
    failed = found.filter((a) => runStatus(a) === 'failed').map((a) => a.id)
  }
  return retries
}

/** The slots in [fromMs, toMs) with a successful run of the job or the flow, whatever started it (`onlyMissing`). */
export async function slotsWithSuccess(
  repos: Pick<Repos, 'runs' | 'flowRuns'>,
  target: { jobId: number } | { flowId: number },
  fromMs: number,
  toMs: number,
): Promise<Set<number>> {
  if ('flowId' in target) return repos.flowRuns.succeededSlots(target.flowId, fromMs, toMs)
  const attempts = await repos.runs.attemptsBetween(target.jobId, fromMs, toMs)
  return succeededSlots(attempts, retryIndex(await readRetries(repos.runs, attempts)))
}
