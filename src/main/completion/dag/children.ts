import type { JobLink, LinkCondition } from '../../../shared/model'

/** Longest parent → child chain that fires, counted in jobs (the root included). */
export const MAX_CHAIN_JOBS = 100

const FIRES_ON: Record<'success' | 'failure', readonly LinkCondition[]> = {
  success: ['SUCCESS', 'ALWAYS'],
  failure: ['FAILURE', 'ALWAYS'],
}

/**
 * The children to trigger (type PARENT) once a parent run has finished: SUCCESS links on success
 * (XXL-JOB's only kind), FAILURE links on failure, ALWAYS links on both. Ascending, without
 * duplicates, never the parent itself (XXL-JOB skips a self child id too).
 */
export function childrenToFire(links: readonly JobLink[], parentJobId: number, outcome: 'success' | 'failure'): number[] {
  const conditions = FIRES_ON[outcome]
  const ids = new Set<number>()
  for (const link of links) {
    if (link.parentJobId !== parentJobId || link.childJobId === parentJobId) continue
    if (conditions.includes(link.condition)) ids.add(link.childJobId)
  }
  return [...ids].sort((a, b) => a - b)
}

export type ChainDecision = { fire: true } | { fire: false; reason: string }

/**
 * Last check before a child run is triggered. `ancestorJobIds` is the chain that led here, root
 * first and the finishing parent last (the integrator walks `parent_log_id` of PARENT runs). In a
 * DAG no job repeats along a chain, so a repeat means a cycle got into the data past `checkLink`
 * (e.g. edited by hand): refuse it, naming the path. Chains longer than `maxChainJobs` jobs
 * (default {@link MAX_CHAIN_JOBS}) are refused too.
 */
export function chainGuard(ancestorJobIds: readonly number[], childJobId: number, maxChainJobs = MAX_CHAIN_JOBS): ChainDecision {
  const seenAt = ancestorJobIds.indexOf(childJobId)
  if (seenAt !== -1) {
    const cycle = [...ancestorJobIds.slice(seenAt), childJobId]
    return {
      fire: false,
      reason: `job ${childJobId} already ran in this chain; firing it again would repeat the cycle ${cycle.join(' → ')}`,
    }
  }
  if (ancestorJobIds.length + 1 > maxChainJobs) {
    return {
      fire: false,
      reason: `the chain ${abbreviate([...ancestorJobIds, childJobId])} would be ${ancestorJobIds.length + 1} jobs long; the limit is ${maxChainJobs}`,
    }
  }
  return { fire: true }
}

/** Long chains name their first and last three jobs, so the reason stays one readable line. */
function abbreviate(chain: readonly number[]): string {
  if (chain.length <= 8) return chain.join(' → ')
  return `${chain.slice(0, 3).join(' → ')} → … → ${chain.slice(-3).join(' → ')}`
}
