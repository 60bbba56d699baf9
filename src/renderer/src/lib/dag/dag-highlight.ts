import { ConflictError } from '../../../../shared/errors'
import { runStatus, type JobLink, type JobRun, type RunStatus } from '../../../../shared/model'

/** The id of a link's edge in the DAG view (and in its DOM: `rf__edge-link-1-2`). */
export function linkKey(parentJobId: number, childJobId: number): string {
  return `link-${parentJobId}-${childJobId}`
}

/** What the DAG view marks besides each job's last-run colour. */
export interface DagHighlight {
  /** Jobs to mark, and how. */
  nodes: ReadonlyMap<number, 'cycle' | 'chain' | 'focus' | 'neighbour'>
  /** Edges (by {@link linkKey}) to mark. */
  edges: ReadonlySet<string>
  /** The status each job had in a highlighted chain run (overrides the last-run colour). */
  chainStatus: ReadonlyMap<number, RunStatus>
}

/**
 * The cycle a refused link would close, as the core sends it: a ConflictError with code `link.cycle`
 * and the job ids in `params.path` (first id repeated at the end). Null for any other error.
 */
export function cyclePathOf(error: unknown): number[] | null {
  if (!(error instanceof ConflictError) || error.code !== 'link.cycle') return null
  const path = error.params.path
  return Array.isArray(path) && path.length > 1 && path.every((id) => typeof id === 'number') ? (path as number[]) : null
}

export const NO_HIGHLIGHT: DagHighlight = { nodes: new Map(), edges: new Set(), chainStatus: new Map() }

/**
 * A refused link's cycle, e.g. `[1, 2, 3, 1]` from "linking job 3 → job 1 would close the cycle
 * 1 → 2 → 3 → 1": every job on it, and every step as an edge (the closing step is the refused
 * link itself, which the view draws as a temporary edge).
 */
export function cycleHighlight(path: readonly number[]): DagHighlight {
  const nodes = new Map<number, 'cycle'>()
  const edges = new Set<string>()
  path.forEach((id, i) => {
    nodes.set(id, 'cycle')
    if (i > 0) edges.add(linkKey(path[i - 1], id))
  })
  return { nodes, edges, chainStatus: new Map() }
}

/** A clicked job, its direct parents and children, and the links between them. */
export function neighbourHighlight(jobId: number, links: readonly JobLink[]): DagHighlight {
  const nodes = new Map<number, 'focus' | 'neighbour'>([[jobId, 'focus']])
  const edges = new Set<string>()
  for (const link of links) {
    if (link.parentJobId === jobId) {
      edges.add(linkKey(jobId, link.childJobId))
      if (!nodes.has(link.childJobId)) nodes.set(link.childJobId, 'neighbour')
    } else if (link.childJobId === jobId) {
      edges.add(linkKey(link.parentJobId, jobId))
      if (!nodes.has(link.parentJobId)) nodes.set(link.parentJobId, 'neighbour')
    }
  }
  return { nodes, edges, chainStatus: new Map() }
}

/**
 * A chain run end to end: the jobs its runs belong to, the links a child run was fired along
 * (parent run's job → child run's job; a retry stays on its job and adds no edge), and each job's
 * status in the chain (its newest run there, so a failure then a successful retry shows success).
 */
export function chainHighlight(runs: readonly JobRun[]): DagHighlight {
  const byId = new Map(runs.map((run) => [run.id, run]))
  const nodes = new Map<number, 'chain'>()
  const edges = new Set<string>()
  const newest = new Map<number, JobRun>()
  for (const run of runs) {
    nodes.set(run.jobId, 'chain')
    const held = newest.get(run.jobId)
    if (!held || held.id < run.id) newest.set(run.jobId, run)
    const parent = run.parentLogId === null ? undefined : byId.get(run.parentLogId)
    if (parent && parent.jobId !== run.jobId) edges.add(linkKey(parent.jobId, run.jobId))
  }
  const chainStatus = new Map<number, RunStatus>()
  for (const [jobId, run] of newest) chainStatus.set(jobId, runStatus(run))
  return { nodes, edges, chainStatus }
}
