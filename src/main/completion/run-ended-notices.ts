import type { JobDeskMetrics } from '../metrics/jobdesk-metrics'
import type { RunEndedConsumer } from './run-ended'

/**
 * The metrics' count of ended runs and their durations: read from what the flush committed, with
 * the durations the metrics noted when the runs were written, so no read on this path.
 */
export function countEndedRuns(metrics: Pick<JobDeskMetrics, 'runsEnded'>): RunEndedConsumer {
  return { name: 'metrics', onRunsEnded: ({ ended, failedIds }) => metrics.runsEnded(ended, failedIds) }
}

/** The runs a flush triggered or completed, shown to the consoles (this node's, and the other nodes' through the relay). */
export function showWrittenRuns(runsChanged: (ids: number[]) => void): RunEndedConsumer {
  return { name: 'consoles', onRunsEnded: ({ triggeredIds, completedIds }) => runsChanged([...triggeredIds, ...completedIds]) }
}
