import type { RankCounts } from './run-view-repo'
import type { Store } from './store'

/**
 * The dashboard's aggregates over a day of runs: at a million runs each is tens of milliseconds of
 * reading. On SQLite a reader thread answers them (report-reader.ts), so the core's thread, which
 * answers every other console call and fires the jobs, never waits for them; on PostgreSQL and
 * MySQL the store answers them on a pooled connection of its own.
 */
export interface ReportReads {
  /** The slowest and the most failing jobs of the runs triggered since `sinceMs` (RunViewRepo.rankings). */
  rankings(sinceMs: number, groupIds: readonly number[] | null): Promise<{ slowest: RankCounts[]; mostFailing: RankCounts[] }>
  /** Runs triggered since `sinceMs` that failed, killed ones apart (RunRepo.countFailedSince). */
  countFailedSince(sinceMs: number): Promise<{ failedCount: number; killedCount: number }>
}

/** The store's own answers, on the caller's thread. */
export function storeReportReads(store: Pick<Store, 'runs' | 'runViews'>): ReportReads {
  return {
    rankings: (sinceMs, groupIds) => store.runViews.rankings(sinceMs, groupIds),
    countFailedSince: (sinceMs) => store.runs.countFailedSince(sinceMs),
  }
}
