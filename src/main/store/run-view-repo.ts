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

  /** The jobs whose finished runs triggered since `sinceMs` took longest on average (`groupIds` null: every group). */
  slowest(sinceMs: number, groupIds: readonly number[] | null): Promise<RankCounts[]> {
    return this.rank(sinceMs, groupIds, 'handle_time > 0', 'avg_ms DESC, job_id')
  }

  /** The jobs with the most failed runs (killed ones apart) triggered since `sinceMs`. */
  mostFailing(sinceMs: number, groupIds: readonly number[] | null): Promise<RankCounts[]> {
    return this.rank(sinceMs, groupIds, '1 = 1', 'failed DESC, job_id', `SUM(CASE WHEN ${FAILED_NOT_KILLED} THEN 1 ELSE 0 END) > 0`)
  }

  private async rank(sinceMs: number, groupIds: readonly number[] | null, filter: string, order: string, having?: string): Promise<RankCounts[]> {
    if (groupIds?.length === 0) return []
    const inGroups = groupIds ? ` AND job_group IN (${groupIds.map(() => '?').join(', ')})` : ''
    // The filter and the order are constants of this file, never input.
    const rows = await this.db.all<RankRow>(
      `SELECT job_id, COUNT(*) AS runs,
              SUM(CASE WHEN ${FAILED_NOT_KILLED} THEN 1 ELSE 0 END) AS failed,
              AVG(CASE WHEN handle_time > 0 THEN handle_time - trigger_time END) AS avg_ms,
              MAX(CASE WHEN handle_time > 0 THEN handle_time - trigger_time END) AS max_ms
         FROM job_log${this.db.dialect.indexedBy('job_log_trigger_time')}
        WHERE trigger_time >= ? AND ${filter}${inGroups}
        GROUP BY job_id${having ? ` HAVING ${having}` : ''}
        ORDER BY ${order} LIMIT ${JOB_RANKING_SIZE}`,
      [sinceMs, ...(groupIds ?? [])],
    )
    return rows.map((row) => ({
      jobId: Number(row.job_id),
      runCount: Number(row.runs),
      failCount: Number(row.failed ?? 0),
      avgDurationMs: Math.round(Number(row.avg_ms ?? 0)),
      maxDurationMs: Number(row.max_ms ?? 0),
    }))
  }
}
