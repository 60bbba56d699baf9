import type { FlowRunState, FlowTriggerType } from '../../shared/flow-types'
import type { TriggerType } from '../../shared/job-enums'
import { runStatus } from '../../shared/model'
import { isKilledRun } from '../../shared/run-kill'
import { JOB_RANKING_SIZE, type RunBar } from '../../shared/run-views'
import { FAILED_NOT_KILLED } from './run-report-queries'
import type { Connection } from './sql/connection'

type Num = number | string

interface JobRunRow {
  id: Num
  trigger_type: string
  schedule_time: Num | null
  trigger_time: Num
  handle_time: Num
  trigger_code: number
  handle_code: number
  handle_msg: string | null
  parent_log_id: Num | null
}

interface FlowRunRow {
  id: Num
  trigger_type: string
  schedule_time: Num | null
  start_time: Num
  end_time: Num
  add_time: Num
  state: string
}

interface RankRow {
  job_id: Num
  runs: Num
  failed: Num | null
  avg_ms: Num | null
  max_ms: Num | null
}

/** One job's figures of a ranking, before its name is read. */
export interface RankCounts {
  jobId: number
  runCount: number
  failCount: number
  avgDurationMs: number
  maxDurationMs: number
}

const nullableMs = (value: Num | null) => (value === null ? null : Number(value))

/**
 * The console's views of runs over time: a job's or a flow's last runs (one index range each,
 * job_log(job_id, id) and job_flow_run(flow_id, id)), and the dashboard's rankings of a window,
 * aggregated by the database over the job_log_trigger_time range (as the dashboard's counts are):
 * the answer is a handful of rows whatever the number of runs.
 */
export class RunViewRepo {
  constructor(private readonly db: Connection) {}

  /** A job's last `limit` runs, oldest first; a retry names the run it retried. */
  async jobRuns(jobId: number, limit: number): Promise<RunBar[]> {
    const rows = await this.db.all<JobRunRow>(
      `SELECT id, trigger_type, schedule_time, trigger_time, handle_time, trigger_code, handle_code, handle_msg, parent_log_id
         FROM job_log WHERE job_id = ? ORDER BY id DESC LIMIT ?`,
      [jobId, limit],
    )
    return rows.reverse().map((row) => {
      const codes = { triggerCode: row.trigger_code, handleCode: row.handle_code, handleMsg: row.handle_msg ?? '' }
      const triggerType = row.trigger_type as TriggerType
      return {
        id: Number(row.id),
        triggerType,
        scheduleTimeMs: nullableMs(row.schedule_time),
        triggerTimeMs: Number(row.trigger_time),
        startTimeMs: Number(row.trigger_time),
        endTimeMs: Number(row.handle_time),
        state: isKilledRun(codes) ? 'killed' : runStatus(codes),
        retryOf: triggerType === 'RETRY' && row.parent_log_id !== null ? Number(row.parent_log_id) : null,
      }
    })
  }

  /** A flow's last `limit` runs, oldest first (a flow retries its nodes, not its runs). */
  async flowRuns(flowId: number, limit: number): Promise<RunBar[]> {
    const rows = await this.db.all<FlowRunRow>(
      'SELECT id, trigger_type, schedule_time, start_time, end_time, add_time, state FROM job_flow_run WHERE flow_id = ? ORDER BY id DESC LIMIT ?',
      [flowId, limit],
    )
    return rows.reverse().map((row) => ({
      id: Number(row.id),
      triggerType: row.trigger_type as FlowTriggerType,
      scheduleTimeMs: nullableMs(row.schedule_time),
      triggerTimeMs: Number(row.add_time),
      startTimeMs: Number(row.start_time),
      endTimeMs: Number(row.end_time),
      state: row.state as FlowRunState,
      retryOf: null,
    }))
  }

  /**
   * The dashboard's two rankings of the runs triggered since `sinceMs` (`groupIds` null: every
   * group), from one pass over the window: the jobs whose finished runs took longest on average,
   * and the jobs with the most failed runs (killed ones apart). Each was its own aggregate over the
   * window (~65 ms each at 140,000 runs a day, on the core's thread); the per-job figures are
   * computed once (the CTE, read twice, is materialized) and each ranking picks its rows from them.
   */
  async rankings(sinceMs: number, groupIds: readonly number[] | null): Promise<{ slowest: RankCounts[]; mostFailing: RankCounts[] }> {
    if (groupIds?.length === 0) return { slowest: [], mostFailing: [] }
    const inGroups = groupIds ? ` AND job_group IN (${groupIds.map(() => '?').join(', ')})` : ''
    const finished = 'handle_time > 0'
    const rows = await this.db.all<RankRow & { ranking: string }>(
      `WITH per_job AS (
         SELECT job_id,
                COUNT(*) AS runs,
                SUM(CASE WHEN ${FAILED_NOT_KILLED} THEN 1 ELSE 0 END) AS failed,
                SUM(CASE WHEN ${finished} THEN 1 ELSE 0 END) AS finished_runs,
                SUM(CASE WHEN ${finished} AND ${FAILED_NOT_KILLED} THEN 1 ELSE 0 END) AS finished_failed,
                AVG(CASE WHEN ${finished} THEN handle_time - trigger_time END) AS avg_ms,
                MAX(CASE WHEN ${finished} THEN handle_time - trigger_time END) AS max_ms
           FROM job_log${this.db.dialect.indexedBy('job_log_trigger_time')}
          WHERE trigger_time >= ?${inGroups}
          GROUP BY job_id
       )
       SELECT 'slowest' AS ranking, job_id, finished_runs AS runs, finished_failed AS failed, avg_ms, max_ms
         FROM (SELECT * FROM per_job WHERE finished_runs > 0 ORDER BY avg_ms DESC, job_id LIMIT ${JOB_RANKING_SIZE}) AS slowest
       UNION ALL
       SELECT 'failing' AS ranking, job_id, runs, failed, avg_ms, max_ms
         FROM (SELECT * FROM per_job WHERE failed > 0 ORDER BY failed DESC, job_id LIMIT ${JOB_RANKING_SIZE}) AS failing`,
      [sinceMs, ...(groupIds ?? [])],
    )
    const counts = (row: RankRow): RankCounts => ({
      jobId: Number(row.job_id),
      runCount: Number(row.runs),
      failCount: Number(row.failed ?? 0),
      avgDurationMs: Math.round(Number(row.avg_ms ?? 0)),
      maxDurationMs: Number(row.max_ms ?? 0),
    })
    // A union's rows come in no promised order: each ranking is put back in its own.
    const picked = (ranking: string, first: (row: RankRow) => number) =>
      rows
        .filter((row) => row.ranking === ranking)
        .sort((a, b) => first(b) - first(a) || Number(a.job_id) - Number(b.job_id))
        .map(counts)
    const slowest = picked('slowest', (row) => Number(row.avg_ms ?? 0))
    const mostFailing = picked('failing', (row) => Number(row.failed ?? 0))
    return { slowest, mostFailing }
  }
}
