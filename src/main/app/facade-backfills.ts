import type { JobDeskApi } from '../../shared/api'
import type { StartBackfill } from '../../shared/schema/backfill'
import type { FacadeDeps } from './facade-deps'

type BackfillsApi = Pick<JobDeskApi, 'startBackfill' | 'getBackfill' | 'listBackfills' | 'pauseBackfill' | 'resumeBackfill' | 'cancelBackfill'>

/**
 * Backfills (src/main/backfill/). Who started one is a second argument the method's rule adds
 * (auth/backfill-rules.ts).
 */
export function backfillsApi(deps: Pick<FacadeDeps, 'backfills'>): BackfillsApi {
  const { backfills } = deps
  return {
    // The checked API read both ends to epoch ms and filled the defaults (shared/schema/backfill.ts).
    startBackfill: (request, by = 'someone') => backfills.start(request as StartBackfill, by),
    getBackfill: (query) => backfills.get(query),
    listBackfills: (filter) => backfills.list(filter),
    pauseBackfill: ({ id }) => backfills.pauseBackfill(id),
    resumeBackfill: ({ id }) => backfills.resumeBackfill(id),
    cancelBackfill: ({ id }) => backfills.cancelBackfill(id),
  }
}
