import type { FlowNodeState, TriggerRule } from './flow-types'

/**
 * What a node does next, given its trigger rule and the states of its direct parents: Airflow's
 * trigger rules (airflow/ti_deps/deps/trigger_rule_dep.py), with JobDesk's `killed` counted as a
 * failure. Pure: the engine calls it whenever a parent changes state; the console reads the same
 * states as failed (a run's edges) and explains the same rules (the node panel's rule hints).
 *
 * - `wait`: the rule cannot be decided yet; ask again when a parent ends.
 * - `run`: start the node now.
 * - `skipped` / `upstream_failed`: the node ends in that state without running.
 */
export type NodeDecision = 'wait' | 'run' | 'skipped' | 'upstream_failed'

/** A parent that will not change state again. `pending`, `running` and `waiting` (an approval) are not done. */
const DONE_STATES: ReadonlySet<FlowNodeState> = new Set(['success', 'failed', 'upstream_failed', 'skipped', 'killed'])
/** Airflow's "failed or upstream_failed", and a kill: the parent did not do its work. */
const FAILED_LIKE_STATES: ReadonlySet<FlowNodeState> = new Set(['failed', 'upstream_failed', 'killed'])

interface ParentCounts {
  total: number
  done: number
  success: number
  failedLike: number
  skipped: number
}

function countParents(parents: readonly FlowNodeState[]): ParentCounts {
  const counts: ParentCounts = { total: parents.length, done: 0, success: 0, failedLike: 0, skipped: 0 }
  for (const state of parents) {
    if (DONE_STATES.has(state)) counts.done++
    if (state === 'success') counts.success++
    else if (state === 'skipped') counts.skipped++
    else if (FAILED_LIKE_STATES.has(state)) counts.failedLike++
  }
  return counts
}

/** Whether a node in `state` will not change state again. */
export const isDoneState = (state: FlowNodeState): boolean => DONE_STATES.has(state)
/** Whether a node in `state` did not do its work (failed, upstream_failed or killed). */
export const isFailedLikeState = (state: FlowNodeState): boolean => FAILED_LIKE_STATES.has(state)

/**
 * The decision for a node with `rule` over its direct parents' states (order does not matter).
 * "Failed" below means failed, upstream_failed or killed; "done" means success, skipped or failed.
 * A node without parents runs whatever its rule (Airflow: no upstream tasks, the dependency passes).
 *
 * | rule                        | run when                          | skipped when                     | upstream_failed when                  |
 * | --------------------------- | --------------------------------- | -------------------------------- | ------------------------------------- |
 * | all_success (default)       | all success                       | any skipped (and none failed)    | any failed                            |
 * | all_failed                  | all failed                        | any success or skipped           | never                                 |
 * | all_done                    | all done                          | never                            | never                                 |
 * | one_success                 | any success (at once)             | all done, all skipped            | all done, no success, any failed      |
 * | one_failed                  | any failed (at once)              | all done, none failed            | never                                 |
 * | none_failed                 | all done, none failed             | never                            | any failed                            |
 * | none_failed_min_one_success | all done, none failed, ≥1 success | all done, all skipped            | any failed                            |
 * | always                      | at once, whatever the parents     | never                            | never                                 |
 *
 * Otherwise `wait`. "At once" and "any" act on the first parent that ends so: the others may still
 * be running (a one_success node starts beside a sibling that is still busy).
 */
export function decideNode(rule: TriggerRule, parents: readonly FlowNodeState[]): NodeDecision {
  if (parents.length === 0) return 'run'
  const counts = countParents(parents)
  const allDone = counts.done === counts.total
  switch (rule) {
    case 'all_success':
      if (counts.failedLike > 0) return 'upstream_failed'
      if (counts.skipped > 0) return 'skipped'
      return counts.success === counts.total ? 'run' : 'wait'
    case 'all_failed':
      if (counts.success > 0 || counts.skipped > 0) return 'skipped'
      return counts.failedLike === counts.total ? 'run' : 'wait'
    case 'all_done':
      return allDone ? 'run' : 'wait'
    case 'one_success':
      if (counts.success > 0) return 'run'
      if (!allDone) return 'wait'
      return counts.failedLike > 0 ? 'upstream_failed' : 'skipped'
    case 'one_failed':
      if (counts.failedLike > 0) return 'run'
      return allDone ? 'skipped' : 'wait'
    case 'none_failed':
      if (counts.failedLike > 0) return 'upstream_failed'
      return allDone ? 'run' : 'wait'
    case 'none_failed_min_one_success':
      if (counts.failedLike > 0) return 'upstream_failed'
      if (!allDone) return 'wait'
      return counts.success > 0 ? 'run' : 'skipped'
    case 'always':
      return 'run'
  }
}
