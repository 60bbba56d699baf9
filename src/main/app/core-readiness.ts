import type { ReadyReport } from '../net/ops-endpoints'
import type { CoreBase, CoreData } from './core-data'
import { withDeadline } from './core-metrics'
import type { CoreNode } from './core-node'
import type { CorePipeline } from './core-pipeline'

/** How long the database has to answer a readiness probe. */
export const READY_DATABASE_MS = 1000

/**
 * `/readyz`: the scheduler is running, the database answers within a second, and the node holds its
 * lease (as it believes, and as the database says) — without it the node may not trigger anything.
 * A probe that comes while one is under way shares its answer, so a database that hangs gathers no
 * queue of probes.
 */
export function readiness({
  base: { nowMs },
  data: { store },
  node: { membership },
  pipeline: { scheduler },
}: {
  base: Pick<CoreBase, 'nowMs'>
  data: Pick<CoreData, 'store'>
  node: Pick<CoreNode, 'membership'>
  pipeline: Pick<CorePipeline, 'scheduler'>
}): () => Promise<ReadyReport> {
  let inFlight: Promise<ReadyReport> | null = null
  const check = async (): Promise<ReadyReport> => {
    const schedulerState = scheduler.status().state
    const lease = membership.lease()
    const now = nowMs()
    const query = lease ? store.nodes.holds(lease, now).then((held) => (held ? 'held' : 'not held')) : store.nodes.list().then(() => 'not joined')
    const said = await withDeadline(
      query.catch(() => 'error'),
      READY_DATABASE_MS,
      'no answer',
    )
    const databaseAnswered = said === 'held' || said === 'not held' || said === 'not joined'
    const checks = {
      scheduler: schedulerState === 'running' ? 'ok' : `scheduler ${schedulerState}`,
      database: databaseAnswered ? 'ok' : said === 'no answer' ? `no answer within ${READY_DATABASE_MS / 1000} s` : 'the query failed',
      lease: lease === null ? 'not joined' : !membership.actsAt(nowMs()) ? 'lapsed' : said === 'not held' ? 'not held in the database' : 'ok',
    }
    return { ready: Object.values(checks).every((c) => c === 'ok'), checks }
  }
  return () => {
    inFlight ??= check().finally(() => {
      inFlight = null
    })
    return inFlight
  }
}
