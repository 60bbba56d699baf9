import type { JobRun } from '../../../../shared/model'

/** How a chain is read: one run by id, and the runs a run fired (its children and retries). */
export interface RunReader {
  getRun(id: number): Promise<JobRun>
  listFiredRuns(parentLogId: number): Promise<JobRun[]>
}

/** A chain is cut at this many runs: the core refuses chains over 64 jobs, retries add a few each. */
export const CHAIN_MAX_RUNS = 500

export interface RunChain {
  /** The run the chain was asked for. */
  focusId: number
  /** Where the chain starts (the run with no parent run). */
  rootId: number
  /** Every run of the chain, ascending by id (fire order). */
  runs: JobRun[]
  /** More runs existed than {@link CHAIN_MAX_RUNS}. */
  cut: boolean
}

/**
 * A run's whole chain: walks `parentLogId` up to the first run, then everything fired from there
 * down (children via PARENT, retries via RETRY), breadth first. A parent that no longer exists
 * (retention deleted it) ends the walk up there.
 */
export async function traceRunChain(focus: JobRun, reader: RunReader, maxRuns = CHAIN_MAX_RUNS): Promise<RunChain> {
  const seen = new Map<number, JobRun>([[focus.id, focus]])
  let root = focus
  while (root.parentLogId !== null && !seen.has(root.parentLogId) && seen.size < maxRuns) {
    let parent: JobRun
    try {
      parent = await reader.getRun(root.parentLogId)
    } catch {
      break
    }
    seen.set(parent.id, parent)
    root = parent
  }

  const chain = new Map<number, JobRun>([[root.id, root]])
  const queue = [root.id]
  let cut = false
  while (queue.length > 0) {
    const parentId = queue.shift()!
    const fired = await reader.listFiredRuns(parentId)
    for (const run of fired) {
      if (chain.has(run.id)) continue
      if (chain.size >= maxRuns) {
        cut = true
        break
      }
      chain.set(run.id, run)
      queue.push(run.id)
    }
    if (cut) break
  }
  // The walk up may have passed runs the walk down did not reach (a cut chain): keep them.
  for (const run of seen.values()) if (!chain.has(run.id) && chain.size < maxRuns) chain.set(run.id, run)
  return { focusId: focus.id, rootId: root.id, runs: [...chain.values()].sort((a, b) => a.id - b.id), cut }
}

/**
 * The attempts of one trigger: the first run and its fail retries (a RETRY run's parent is the
 * attempt that failed), oldest first. `fired` gives the runs a run fired, as far as known.
 */
export async function traceRetries(run: JobRun, getRun: (id: number) => Promise<JobRun>, fired: (parentLogId: number) => Promise<JobRun[]>): Promise<JobRun[]> {
  const attempts: JobRun[] = [run]
  let first = run
  while (first.triggerType === 'RETRY' && first.parentLogId !== null && attempts.length < CHAIN_MAX_RUNS) {
    try {
      first = await getRun(first.parentLogId)
    } catch {
      break
    }
    attempts.unshift(first)
  }
  let last = run
  while (attempts.length < CHAIN_MAX_RUNS) {
    const retry = (await fired(last.id)).filter((r) => r.triggerType === 'RETRY' && r.jobId === last.jobId).sort((a, b) => a.id - b.id)[0]
    if (!retry || attempts.some((a) => a.id === retry.id)) break
    attempts.push(retry)
    last = retry
  }
  return attempts
}
