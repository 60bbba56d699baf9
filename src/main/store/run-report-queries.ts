import type { LastRun, RunFilter } from '../../shared/api'
import { runStatus } from '../../shared/model'
import { isKilledRun, KILL_MARKERS } from '../../shared/run-kill'
import type { Connection } from './sql/connection'
import { statementSizes, statementsBySize } from './sql/insert-rows'

// What the console, the monitors and the daily report count and read of job_log, beside the
// writes of the run pipeline (run-repo.ts). Each takes the connection it reads.

const FILTER_SQL: Record<string, string> = {
  pending: 'trigger_code = 0 AND handle_code = 0',
  running: 'trigger_code = 200 AND handle_code = 0',
  success: 'handle_code = 200',
  failed: '(trigger_code NOT IN (0, 200) OR handle_code NOT IN (0, 200))',
}

/** A failed run killed by an operator or its executor (shared/run-kill.ts): the markers are constants, never input. */
const KILLED = `(handle_code NOT IN (0, 200) AND (${KILL_MARKERS.map((marker) => `LOWER(handle_msg) LIKE '%${marker}%'`).join(' OR ')}))`
const FAILED = '(trigger_code NOT IN (0, 200) OR handle_code NOT IN (0, 200))'
/** Failed, and not killed: what the dashboard counts as a job's failure. */
export const FAILED_NOT_KILLED = `(${FAILED} AND NOT ${KILLED})`

/** The WHERE of the partial index job_log_running. */
const RUNNING = 'trigger_code = 200 AND handle_code = 0'

/**
 * The latest run of each job: one index seek per job (MAX(id) on job_log(job_id, id)), a few
 * hundred jobs per statement (a UNION ALL of seeks: a GROUP BY would read every run of each job).
 * One statement per job cost ~16 µs a job in awaits alone: 1.6 s of the core's thread for a
 * console opening on 100k jobs (docs/benchmarks.md#b9-cold-start).
 */
export async function lastRunsOf(db: Connection, jobIds: readonly number[]): Promise<LastRun[]> {
  const result: LastRun[] = []
  let from = 0
  for (const size of statementSizes(jobIds.length, LAST_RUNS_PER_STATEMENT)) {
    const chunk = jobIds.slice(from, (from += size))
    const rows = await db.all<{ id: number; job_id: number; trigger_code: number; handle_code: number; handle_msg: string; trigger_time: number }>(
      lastRunsStatement(size),
      chunk,
    )
    const byJob = new Map(rows.map((row) => [Number(row.job_id), row]))
    for (const jobId of chunk) {
      const row = byJob.get(jobId)
      if (!row) continue
      const codes = { triggerCode: row.trigger_code, handleCode: row.handle_code, handleMsg: row.handle_msg ?? '' }
      result.push({
        jobId,
        logId: Number(row.id),
        status: runStatus(codes),
        triggerTimeMs: Number(row.trigger_time),
        ...(isKilledRun(codes) ? { killed: true as const } : {}),
      })
    }
  }
  return result
}

/** The job ids of a run's chain of PARENT triggers, nearest first (for the re-entry guard). */
export async function chainJobIdsOf(db: Connection, logId: number, maxDepth: number): Promise<number[]> {
  const jobIds: number[] = []
  let id: number | null = logId
  while (id !== null && jobIds.length <= maxDepth) {
    const row: { job_id: number; parent_log_id: number | null; trigger_type: string } | undefined = await db.get(
      'SELECT job_id, parent_log_id, trigger_type FROM job_log WHERE id = ?',
      [id],
    )
    if (!row) break
    jobIds.push(row.job_id)
    id = row.trigger_type === 'PARENT' && row.parent_log_id !== null ? Number(row.parent_log_id) : null
  }
  return jobIds
}

/** Runs accepted by an executor and not finished. */
export async function countRunning(db: Connection): Promise<number> {
  return Number((await db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM job_log${db.dialect.indexedBy('job_log_running')} WHERE ${RUNNING}`))!.n)
}

/** How the runs triggered since a time stand: a kill is its own outcome, not counted as failed. */
export interface OutcomeCounts {
  successCount: number
  failCount: number
  killedCount: number
  unfinishedCount: number
}

/** Runs triggered since `sinceMs` by how they stand: succeeded, failed, killed, not finished (pending or running). */
export async function countOutcomesSince(db: Connection, sinceMs: number): Promise<OutcomeCounts> {
  const row = await db.get<{ success: number | null; failed: number | null; killed: number | null; unfinished: number | null }>(
    `SELECT SUM(CASE WHEN trigger_code = 200 AND handle_code = 200 THEN 1 ELSE 0 END) AS success,
            SUM(CASE WHEN ${FAILED_NOT_KILLED} THEN 1 ELSE 0 END) AS failed,
            SUM(CASE WHEN ${FAILED} AND ${KILLED} THEN 1 ELSE 0 END) AS killed,
            SUM(CASE WHEN trigger_code IN (0, 200) AND handle_code = 0 THEN 1 ELSE 0 END) AS unfinished
       FROM job_log${db.dialect.indexedBy('job_log_trigger_time')} WHERE trigger_time >= ?`,
    [sinceMs],
  )
  return {
    successCount: Number(row?.success ?? 0),
    failCount: Number(row?.failed ?? 0),
    killedCount: Number(row?.killed ?? 0),
    unfinishedCount: Number(row?.unfinished ?? 0),
  }
}

/** Runs triggered since `sinceMs` that failed, killed ones apart. */
export async function countFailedSince(db: Connection, sinceMs: number): Promise<{ failedCount: number; killedCount: number }> {
  const sql = `SELECT SUM(CASE WHEN ${KILLED} THEN 0 ELSE 1 END) AS failed, SUM(CASE WHEN ${KILLED} THEN 1 ELSE 0 END) AS killed
                 FROM job_log WHERE trigger_time >= ? AND ${FAILED}`
  const row = await db.get<{ failed: number | null; killed: number | null }>(sql, [sinceMs])
  return { failedCount: Number(row?.failed ?? 0), killedCount: Number(row?.killed ?? 0) }
}

/** SQLite allows 500 terms in a compound SELECT. */
const LAST_RUNS_PER_STATEMENT = 200
const lastRunsStatement = statementsBySize((size) =>
  Array.from(
    { length: size },
    () => 'SELECT id, job_id, trigger_code, handle_code, handle_msg, trigger_time FROM job_log WHERE id = (SELECT MAX(id) FROM job_log WHERE job_id = ?)',
  ).join(' UNION ALL '),
)

/** The SELECT of the console's runs list for `filter`: newest first, one page of at most 1,000; `columns` `id` for their ids alone. */
export function runListQuery(filter: RunFilter, columns: '*' | 'id' = '*'): { sql: string; args: (number | string)[] } {
  const where: string[] = []
  const args: (number | string)[] = []
  const add = (clause: string, value: number | string): void => {
    where.push(clause)
    args.push(value)
  }
  if (filter.jobId !== undefined) add('job_id = ?', filter.jobId)
  if (filter.jobGroup !== undefined) add('job_group = ?', filter.jobGroup)
  if (filter.jobGroups !== undefined) {
    if (filter.jobGroups.length === 0) where.push('1 = 0')
    else {
      where.push(`job_group IN (${filter.jobGroups.map(() => '?').join(', ')})`)
      args.push(...filter.jobGroups)
    }
  }
  if (filter.status) where.push(FILTER_SQL[filter.status])
  if (filter.triggerType) add('trigger_type = ?', filter.triggerType)
  if (filter.parentLogId !== undefined) add('parent_log_id = ?', filter.parentLogId)
  if (filter.sinceMs !== undefined) add('trigger_time >= ?', filter.sinceMs)
  if (filter.untilMs !== undefined) add('trigger_time <= ?', filter.untilMs)
  if (filter.beforeId !== undefined) add('id < ?', filter.beforeId)
  const limit = Math.min(Math.max(filter.limit ?? 100, 1), 1000)
  const sql = `SELECT ${columns} FROM job_log ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ${limit}`
  return { sql, args }
}
