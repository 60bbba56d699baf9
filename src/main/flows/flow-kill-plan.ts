import type { FlowNodeState } from '../../shared/flow-types'
import { runStatus, type JobRun } from '../../shared/model'
import { isUnfinished } from './attempt-runs'

/** What a flow run's kill does to one node. */
export type NodeKill =
  /** Left as it is: it has ended (or, without keepFinished, was never reached: a retry runs it). */
  | { kind: 'leave' }
  /** Ends killed; its runs still going (if any) are killed. */
  | { kind: 'kill' }
  /** Its runs have all ended though the node had not recorded it yet: it keeps their outcome. */
  | { kind: 'finish'; state: 'success' | 'failed'; speaker: JobRun }

/**
 * The kill's decision for a node, from its state and the current runs of its attempt (pure: the
 * runs are read before). Without `keepFinished` (the default, as before): running and waiting nodes
 * end killed, whatever their runs did; pending nodes stay pending. With `keepFinished` ("kill the
 * flow but keep what finished"): a running node whose runs have all ended keeps their outcome —
 * success only when every one succeeded, failed otherwise (a failure's retry will not come: the
 * flow run is over) — and only what is still going or still to start ends killed: running nodes
 * with a run going, waiting approvals, and the pending nodes, so the run shows nothing left to do.
 */
export function nodeKill(state: FlowNodeState, current: readonly JobRun[], keepFinished: boolean): NodeKill {
  if (state === 'waiting') return { kind: 'kill' }
  if (state === 'pending') return keepFinished ? { kind: 'kill' } : { kind: 'leave' }
  if (state !== 'running') return { kind: 'leave' }
  if (!keepFinished || current.length === 0 || current.some(isUnfinished)) return { kind: 'kill' }
  const failed = current.filter((run) => runStatus(run) === 'failed')
  const speaker = lastEnded(failed.length > 0 ? failed : current)
  return { kind: 'finish', state: failed.length > 0 ? 'failed' : 'success', speaker }
}

function lastEnded(runs: readonly JobRun[]): JobRun {
  return runs.reduce((last, run) => ((run.handleTimeMs || run.triggerTimeMs) > (last.handleTimeMs || last.triggerTimeMs) ? run : last))
}
