import { type PoolUsage, type QueuedRunView, type ResourcePool } from '../../shared/capacity'
import { conflict, notFound } from '../../shared/messages/coded-errors'
import { poolInputSchema } from '../../shared/schema/capacity'
import { parseInput } from '../../shared/schema/parse-input'
import type { Repos, UnitOfWork } from '../store/store'
import { planDequeue } from './queue-order'
import { freeSlots } from './slot-needs'
import { limitSizes } from './limit-sizes'
import { waitingRuns } from './take-slots'

/** What a cancelled queued run says (its trigger message). */
export const CANCELLED_WHILE_QUEUED = 'cancelled while queued'

export type PoolServiceRepos = Pick<Repos, 'pools' | 'poolSlots' | 'runs' | 'jobs' | 'groups'>

export interface PoolServiceDeps {
  repos: PoolServiceRepos & UnitOfWork<PoolServiceRepos>
  nowMs: () => number
  nodeId: string
  /** The queue runner passes at once (a pool grew, a queued run left the queue). */
  wake: () => void
  /** Hands a run started past its pools to this node's trigger service, once its transaction committed. */
  dispatch: (logIds: number[]) => void
  /** Tells what follows a run's end (its flow, the consoles) of queued runs ended here, once committed. */
  ended: (logIds: number[]) => void
}

/**
 * Resource pools and the queue, as operators ask for them (docs/capacity.md). Who may do what is
 * the API's rule (auth/pool-rules.ts): everyone reads, admins manage pools and start a run past
 * them, whoever operates a run's group cancels it.
 */
export class PoolService {
  constructor(private readonly deps: PoolServiceDeps) {}

  list(): Promise<PoolUsage[]> {
    return this.deps.repos.pools.usage()
  }

  async get(name: string): Promise<ResourcePool> {
    const pool = await this.deps.repos.pools.get(name)
    if (!pool) throw notFound('pool.notFound', { name })
    return pool
  }

  async add(input: unknown, by: string): Promise<ResourcePool> {
    const pool = this.checked(input, by)
    if (!(await this.deps.repos.pools.insert(pool))) throw conflict('pool.exists', { name: pool.name })
    return pool
  }

  async update(input: unknown, by: string): Promise<ResourcePool> {
    const pool = this.checked(input, by)
    if (!(await this.deps.repos.pools.update(pool))) throw notFound('pool.notFound', { name: pool.name })
    // More slots may start waiting runs now.
    this.deps.wake()
    return pool
  }

  /** Refused, naming them, while a job or a flow names the pool. */
  async remove(name: string): Promise<void> {
    const { jobIds, flowIds } = await this.deps.repos.pools.usersOf(name)
    if (jobIds.length > 0 || flowIds.length > 0) throw conflict('pool.inUse', { name, jobIds: jobIds.join(', ') || '-', flowIds: flowIds.join(', ') || '-' })
    // Runs of a job that named it before an edit: the pool goes once they are done (a waiting run would wait for nothing).
    const usage = (await this.deps.repos.pools.usage()).find((p) => p.name === name)
    if (usage && usage.held + usage.waiting > 0) throw conflict('pool.busy', { name, runs: usage.held + usage.waiting })
    if (!(await this.deps.repos.pools.delete(name))) throw notFound('pool.notFound', { name })
  }

  /**
   * The waiting runs, per pool they wait for, in queue order with their place and why they wait;
   * of one pool, of one group, and only of `visibleGroups` when given (the caller's grants).
   */
  async queue(filter: { pool?: string; groupId?: number }, visibleGroups?: readonly number[]): Promise<QueuedRunView[]> {
    const { repos } = this.deps
    const rows = await repos.poolSlots.waiting()
    if (rows.length === 0) return []
    const groups = new Map((await repos.runs.getMany([...new Set(rows.map((r) => r.logId))])).map((run) => [run.id, run.jobGroup]))
    const names = [...new Set(rows.map((r) => r.pool))]
    const reasons = planDequeue(waitingRuns(rows), freeSlots(await limitSizes(repos, names), await repos.poolSlots.held(names))).waiting
    const positions = new Map<string, number>()
    const views: QueuedRunView[] = []
    for (const row of rows) {
      const position = (positions.get(row.pool) ?? 0) + 1
      positions.set(row.pool, position)
      const jobGroup = groups.get(row.logId) ?? 0
      if (filter.pool !== undefined && row.pool !== filter.pool) continue
      if (filter.groupId !== undefined && jobGroup !== filter.groupId) continue
      if (visibleGroups && !visibleGroups.includes(jobGroup)) continue
      views.push({
        runId: row.logId,
        jobId: row.jobId,
        jobGroup,
        pool: row.pool,
        slots: row.slots,
        priority: row.priority,
        position,
        waitingSinceMs: row.sinceMs,
        orderTimeMs: row.orderTimeMs,
        // A run the plan would start now waits only for the runner's next pass.
        why: reasons.get(row.logId) ?? 'poolFull',
      })
    }
    return views
  }

  /** Ends a queued run that has not started: no retry, no alarm. */
  async cancel(runId: number): Promise<void> {
    const ended = await this.deps.repos.transaction(async (tx) => {
      const done = await tx.runs.endQueued([runId], CANCELLED_WHILE_QUEUED)
      await tx.poolSlots.release(done)
      return done
    })
    if (ended.length === 0) throw conflict('queue.notQueued', { runId })
    this.deps.ended(ended)
    this.deps.wake()
  }

  /** Starts a queued run now, past its pools (its slots are held from now, even over the pool's size). */
  async startNow(runId: number): Promise<void> {
    const { repos, nowMs, nodeId } = this.deps
    const started = await repos.transaction(async (tx) => {
      const moved = await tx.runs.unqueue([runId], nowMs(), nodeId)
      if (moved.length > 0) await tx.poolSlots.admit(moved)
      return moved
    })
    if (started.length === 0) throw conflict('queue.notQueued', { runId })
    this.deps.dispatch(started)
  }

  private checked(input: unknown, by: string): ResourcePool {
    const pool = parseInput(poolInputSchema, input, 'pool')
    return { ...pool, updatedAtMs: this.deps.nowMs(), updatedBy: by }
  }
}
