import type { RunFilter } from '../../shared/api'
import type { JobRun } from '../../shared/model'
import type { RankCounts } from './run-view-repo'
import type { Store } from './store'

/**
 * The reads over the run history a console asks for: the dashboard's aggregates over a day of runs,
 * and a page of runs under any filter. At a million runs each can be tens of milliseconds of
 * reading (a filter few runs match walks them all). On SQLite a reader thread does that reading
 * (report-reader.ts), so the core's thread, which answers every other console call and fires the
 * jobs, never waits for it; on PostgreSQL and MySQL the store reads on a pooled connection of its own.
 */
export interface ReportReads {
  /** The console's runs list: newest first, one page (RunRepo.list). */
  listRuns(filter: RunFilter): Promise<JobRun[]>
  /** The slowest and the most failing jobs of the runs triggered since `sinceMs` (RunViewRepo.rankings). */
  rankings(sinceMs: number, groupIds: readonly number[] | null): Promise<{ slowest: RankCounts[]; mostFailing: RankCounts[] }>
  /** Runs triggered since `sinceMs` that failed, killed ones apart (RunRepo.countFailedSince). */
  countFailedSince(sinceMs: number): Promise<{ failedCount: number; killedCount: number }>
}

/** The store's own answers, on the caller's thread. */
export function storeReportReads(store: Pick<Store, 'runs' | 'runViews'>): ReportReads {
  return {
    listRuns: (filter) => store.runs.list(filter),
    rankings: (sinceMs, groupIds) => store.runViews.rankings(sinceMs, groupIds),
    countFailedSince: (sinceMs) => store.runs.countFailedSince(sinceMs),
  }
}
