import type { JobRun } from '../../../../shared/model'
import { runOutcome } from './run-outcome'

/**
 * A run and the retries that followed it (each RETRY run's parentLogId is the attempt it retries):
 * one entry for the operator, however many attempts it took.
 */
export interface FailureChain {
  /** The attempt the chain starts from (the oldest one at hand). */
  first: JobRun
  /** The latest attempt: what the chain came to. */
  last: JobRun
  attempts: number
  /** `recovered`: a retry succeeded, so the job did not fail; `killed`: stopped by a kill, not failed either. */
  state: 'failed' | 'retrying' | 'recovered' | 'killed'
}

/**
 * Groups failed runs and retry runs (in any order, overlapping) into chains, newest activity first.
 * A chain whose oldest attempt fell outside `runs` starts at the oldest one in it.
 */
export function failureChains(runs: readonly JobRun[]): FailureChain[] {
  const byId = new Map(runs.map((run) => [run.id, run]))
  // Each retry under the attempt it retries; several under one parent are attempts of one chain all the same.
  const retriesOf = new Map<number, JobRun[]>()
  for (const run of byId.values()) {
    if (run.triggerType !== 'RETRY' || run.parentLogId === null || !byId.has(run.parentLogId)) continue
    retriesOf.set(run.parentLogId, [...(retriesOf.get(run.parentLogId) ?? []), run])
  }
  const retries = new Set([...retriesOf.values()].flat().map((run) => run.id))
  const chains: FailureChain[] = []
  for (const first of byId.values()) {
    if (retries.has(first.id)) continue
    let last = first
    let attempts = 1
    for (const queue = [...(retriesOf.get(first.id) ?? [])]; queue.length > 0;) {
      const retry = queue.shift()!
      attempts += 1
      if (retry.id > last.id) last = retry
      queue.push(...(retriesOf.get(retry.id) ?? []))
    }
    chains.push({ first, last, attempts, state: chainState(last) })
  }
  return chains.sort((a, b) => b.last.id - a.last.id)
}

function chainState(last: JobRun): FailureChain['state'] {
  const outcome = runOutcome(last)
  if (outcome === 'success') return 'recovered'
  if (outcome === 'killed') return 'killed'
  return outcome === 'failed' ? 'failed' : 'retrying'
}

/** The chains a "recent failures" list shows: failed or still retrying, not recovered, not killed. */
export function recentFailures(runs: readonly JobRun[], limit: number): FailureChain[] {
  return failureChains(runs)
    .filter((chain) => chain.state === 'failed' || chain.state === 'retrying')
    .slice(0, limit)
}
