import { MAINTENANCE_SETTING, type MaintenanceState } from '../../shared/calendar/maintenance'
import type { Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import { isFenced, type NodeFence } from '../scheduler/node-fence'
import type { Repos, UnitOfWork } from '../store/store'
import type { PreparedRun } from '../trigger/prepare-runs'
import { stepBackfill, type StepRepos } from './backfill-step'

/**
 * How often the runner looks at the unfinished backfills without being woken: the runs ended on
 * other nodes, a retry the fail monitor wrote, pause-all switched off, a node's take-over.
 */
export const BACKFILL_POLL_MS = 1000

export interface BackfillRunnerDeps {
  store: UnitOfWork<StepRepos & Pick<Repos, 'nodes'>> & Pick<Repos, 'backfills' | 'settings'>
  fence: NodeFence
  clock: Clock
  logger: Logger
  /** This node: the runs a step writes are its to dispatch. */
  nodeId: string
  /**
   * Whether this node steps backfills now: the one node that does the cluster's periodic work, so a
   * backfill is moved on by one node (each step also holds the backfill's row); when that node dies,
   * the next holder of the work goes on from the rows.
   */
  steps: () => boolean
  /** Hands the job runs a step wrote to the trigger service, once the step committed. */
  dispatch: (runs: PreparedRun[]) => void
  /** Hands the flow runs a step wrote to the flow engine. */
  startFlowRuns: (runs: { flowRunId: number; flowId: number }[]) => void
}

/**
 * The loop that runs backfills. It keeps nothing a restart would lose: each pass reads the
 * unfinished backfills from their rows and steps each one (backfill-step.ts) in a transaction that
 * proves this node's fence, so a node taken for dead writes nothing more, and the node that steps
 * next goes on where the rows say. What it remembers — the runs the backfills wait on — only
 * decides whether a run's end wakes it before the next poll.
 */
export class BackfillRunner {
  private wakeup = new AbortController()
  private waitingOn = new Set<number>()

  constructor(private readonly deps: BackfillRunnerDeps) {}

  /** Steps every unfinished backfill once; resolves with how many it stepped. */
  async pass(): Promise<number> {
    const { store } = this.deps
    if (!this.deps.steps()) return 0
    const ids = await store.backfills.unfinishedIds()
    if (ids.length === 0) {
      this.waitingOn = new Set()
      return 0
    }
    // Read once a pass: while pause-all is on, no backfill starts a run (those going are left to end).
    const holdNew = (await store.settings.get<MaintenanceState>(MAINTENANCE_SETTING))?.on === true
    const waitingOn = new Set<number>()
    let stepped = 0
    for (const id of ids) {
      if (!(await this.step(id, holdNew, waitingOn))) break
      stepped++
    }
    this.waitingOn = waitingOn
    return stepped
  }

  /** Runs passes until `signal` aborts: one at once, then one per poll or as soon as something wakes it. */
  async run(signal: AbortSignal): Promise<void> {
    const { clock, logger } = this.deps
    while (!signal.aborted) {
      // Armed before the pass: a wake during the pass makes the next one start at once.
      const wakeup = (this.wakeup = new AbortController())
      await this.pass().catch((error: unknown) => logger.error('backfill pass failed', { error: (error as Error).message }))
      await clock.sleep(BACKFILL_POLL_MS, AbortSignal.any([signal, wakeup.signal]))
    }
  }

  /** Something changed (a backfill started or resumed): the next pass comes at once. */
  wake(): void {
    this.wakeup.abort()
  }

  /** Runs (job runs, or flow runs) ended: a pass at once when a backfill waits on one of them. */
  ended(runIds: readonly number[]): void {
    if (this.waitingOn.size > 0 && runIds.some((id) => this.waitingOn.has(id))) this.wake()
  }

  /** One backfill's step; false when this node may not act now (the pass stops: every step would be refused alike). */
  private async step(id: number, holdNew: boolean, waitingOn: Set<number>): Promise<boolean> {
    const { store, fence, clock, nodeId, logger } = this.deps
    try {
      const result = await store.transaction(async (tx) => {
        const nowMs = clock.nowMs()
        await fence.check(tx, nowMs)
        return stepBackfill(tx, id, nowMs, nodeId, holdNew)
      })
      for (const runId of result.waitingOn) waitingOn.add(runId)
      this.deps.dispatch(result.runs)
      this.deps.startFlowRuns(result.flowRuns)
      return true
    } catch (error) {
      if (isFenced(error)) return false
      logger.error('backfill step failed', { backfillId: id, error: (error as Error).message })
      return true
    }
  }
}
