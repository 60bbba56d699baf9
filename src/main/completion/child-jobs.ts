import type { JobRun } from '../../shared/model'
import { runStatus } from '../../shared/model'
import type { Logger } from '../kernel/logger'
import type { Repos } from '../store/store'
import type { OneOffTrigger } from '../trigger/prepare-runs'
import type { ChildLinks } from './child-links'
import { chainGuard, childrenToFire, MAX_CHAIN_JOBS } from './dag'

/**
 * Fires the children of finished runs (docs/protocol.md#trigger-flow step 7, with conditions: docs/design.md#child-jobs-and-the-dag): SUCCESS links on
 * success (XXL-JOB's only kind), FAILURE on a failure with no retry left, ALWAYS on both. A child run records its parent
 * run (PARENT, parent_log_id). The chain guard refuses a child that already ran earlier in the same
 * chain, so even a cycle edited into the database by hand cannot loop.
 *
 * A run fires only the links that existed when it was triggered (a link made while it ran was
 * not part of its chain).
 *
 * Inside a flow the flow's edges decide what runs next, so a flow node's run (and its retries)
 * fires no child links; nor does a re-run, which repeats one run alone (MANUAL with a parent).
 */
export class ChildJobs {
  constructor(
    private readonly store: Pick<Repos, 'runs' | 'flowRuns'>,
    private readonly links: ChildLinks,
    private readonly trigger: (request: OneOffTrigger) => Promise<unknown>,
    private readonly logger: Logger,
  ) {}

  /** Call with the ids of runs that were just completed (each exactly once). With no link anywhere, that is one read of the links' version. */
  async fire(completedIds: readonly number[]): Promise<void> {
    const byParent = await this.links.byParent()
    if (byParent.size === 0) return
    const runs = await this.store.runs.getMany(completedIds)
    const linked = runs.filter((run) => byParent.has(run.jobId) && !isRerun(run))
    const mayBeSteps = linked.filter((run) => run.triggerType === 'FLOW' || run.triggerType === 'RETRY').map((run) => run.id)
    const steps = new Set(mayBeSteps.length > 0 ? (await this.store.flowRuns.stepsOf(mayBeSteps)).map((s) => s.logId) : [])
    for (const run of linked) {
      // The links the run started with: one made since (while it ran, or before it was declared
      // lost) was not part of the chain it belonged to, as a flow run keeps the graph it started with.
      const links = byParent.get(run.jobId)?.filter((link) => link.madeAtMs <= run.triggerTimeMs)
      if (!links || links.length === 0 || steps.has(run.id)) continue
      const outcome = runStatus(run) === 'success' ? 'success' : 'failure'
      // A failure with retries left is not the job's outcome yet: its retry may still succeed.
      if (outcome === 'failure' && run.executorFailRetryCount > 0) continue
      const children = childrenToFire(links, run.jobId, outcome)
      if (children.length === 0) continue
      // Root first, the finished parent last.
      const ancestry = (await this.store.runs.chainJobIds(run.id, MAX_CHAIN_JOBS)).reverse()
      for (const childJobId of children) {
        const guard = chainGuard(ancestry, childJobId)
        if (!guard.fire) {
          this.logger.warn('child job not fired', { parentLogId: run.id, childJobId, reason: guard.reason })
          continue
        }
        try {
          await this.trigger({ jobId: childJobId, triggerType: 'PARENT', parentLogId: run.id })
        } catch (error) {
          this.logger.error('child job trigger failed', { parentLogId: run.id, childJobId, error: (error as Error).message })
        }
      }
    }
  }
}

/** A re-run repeats one run alone: MANUAL, naming the run it repeats (API rerunRun). */
function isRerun(run: JobRun): boolean {
  return run.triggerType === 'MANUAL' && run.parentLogId !== null
}
