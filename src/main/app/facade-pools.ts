import type { JobDeskApi } from '../../shared/api'
import type { FacadeDeps } from './facade-deps'

type PoolsApi = Pick<JobDeskApi, 'listPools' | 'addPool' | 'updatePool' | 'removePool' | 'listQueue' | 'cancelQueued' | 'startQueuedNow'>

/**
 * Resource pools and the queue (src/main/capacity/). The writer's name and a non-admin's visible
 * groups are second arguments the methods' rules add (auth/pool-rules.ts).
 */
export function poolsApi(deps: Pick<FacadeDeps, 'pools'>): PoolsApi {
  const { pools } = deps
  return {
    listPools: () => pools.list(),
    addPool: (pool, by = 'someone') => pools.add(pool, by),
    updatePool: (pool, by = 'someone') => pools.update(pool, by),
    removePool: ({ name }) => pools.remove(name),
    listQueue: (filter = {}, visibleGroups?: number[]) => pools.queue(filter, visibleGroups),
    cancelQueued: ({ runId }) => pools.cancel(runId),
    startQueuedNow: ({ runId }) => pools.startNow(runId),
  }
}
