import { DEADLINE_MISS_KINDS, RUN_MARK, type DeadlineMissKind, type DeadlineTerms } from '../../shared/deadline-terms'
import { DEADLINE_COLUMNS, deadlineTermsOfRow, HAS_DEADLINES, type DeadlineRow } from './deadline-columns'
import type { Connection } from './sql/connection'
import { idChunks, inList } from './sql/insert-rows'

/** A job or a flow the deadline monitor watches: it has at least one term on. */
export interface Watched {
  id: number
  name: string
  timezone: string
  /** Its alarm list, where its warnings go as its failures do. */
  alarmEmail: string
  terms: DeadlineTerms
}

/** What the monitor needs of a run: when it was due, started and ended (0: not yet), and its marks. */
export interface WatchedRun {
  id: number
  /** The job's or the flow's id. */
  ownerId: number
  dueMs: number
  startedMs: number
  endedMs: number
  marks: number
}

type WatchedRow = DeadlineRow & { id: number; name: string; timezone: string; alarm_email: string }

interface JobRunRow {
  id: number
  job_id: number
  trigger_time: number
  schedule_time: number | null
  trigger_code: number
  handle_code: number
  handle_time: number
  deadline_marks: number
}

const JOB_RUN_COLUMNS = 'id, job_id, trigger_time, schedule_time, trigger_code, handle_code, handle_time, deadline_marks'

/**
 * A job run's times: due at its scheduled time (or its trigger time without one); started at its
 * trigger time once an executor took it (trigger code 200); a refused trigger never started and
 * ended then (its failure has its own alarm); otherwise ended at its handle time.
 */
function watchedJobRunOf(r: JobRunRow): WatchedRun {
  const triggerTime = Number(r.trigger_time)
  const triggerCode = Number(r.trigger_code)
  const refused = triggerCode !== 0 && triggerCode !== 200
  return {
    id: Number(r.id),
    ownerId: Number(r.job_id),
    dueMs: r.schedule_time === null ? triggerTime : Number(r.schedule_time),
    startedMs: triggerCode === 200 ? triggerTime : 0,
    endedMs: refused ? triggerTime : Number(r.handle_code) === 0 ? 0 : Number(r.handle_time),
    marks: Number(r.deadline_marks),
  }
}

const watchedOf = (row: WatchedRow): Watched => ({
  id: Number(row.id),
  name: row.name,
  timezone: row.timezone,
  alarmEmail: row.alarm_email,
  terms: deadlineTermsOfRow(row),
})

/**
 * What the deadline monitor reads and writes (src/main/deadlines/): the watched jobs and flows,
 * their runs still open or ended lately, their recent successful durations, and each run's marks,
 * set by compare-and-set so one node of a cluster, once, raises each alarm.
 */
export class DeadlineRepo {
  constructor(private readonly db: Connection) {}

  async watchedJobs(): Promise<Watched[]> {
    const rows = await this.db.all<WatchedRow>(
      `SELECT id, name, timezone, alarm_email, ${DEADLINE_COLUMNS.join(', ')} FROM job_info WHERE ${HAS_DEADLINES} ORDER BY id`,
    )
    return rows.map(watchedOf)
  }

  async watchedFlows(): Promise<Watched[]> {
    const rows = await this.db.all<WatchedRow>(
      `SELECT id, name, timezone, alarm_email, ${DEADLINE_COLUMNS.join(', ')} FROM job_flow WHERE ${HAS_DEADLINES} ORDER BY id`,
    )
    return rows.map(watchedOf)
  }

  /**
   * The runs of these jobs still open — pending or running — triggered since `sinceMs`: read through
   * the partial indexes of open runs (job_log_pending, job_log_running), so the cost is the open runs,
   * not the jobs' history.
   */
  async openJobRuns(jobIds: readonly number[], sinceMs: number, limit: number): Promise<WatchedRun[]> {
    const runs: WatchedRun[] = []
    for (const chunk of idChunks(jobIds)) {
      for (const [index, open] of [
        ['job_log_pending', 'trigger_code = 0 AND handle_code = 0'],
        ['job_log_running', 'trigger_code = 200 AND handle_code = 0'],
      ] as const) {
        const rows = await this.db.all<JobRunRow>(
          `SELECT ${JOB_RUN_COLUMNS} FROM job_log${this.db.dialect.indexedBy(index)}
            WHERE ${open} AND job_id IN (${inList(chunk.length)}) AND trigger_time >= ? ORDER BY id LIMIT ?`,
          [...chunk, sinceMs, limit],
        )
        runs.push(...rows.map(watchedJobRunOf))
      }
    }
    return runs
  }

  /** The runs of these jobs written after run `afterId`, oldest first (job_log_job: each job's own range). */
  async jobRunsAfter(jobIds: readonly number[], afterId: number, limit: number): Promise<WatchedRun[]> {
    const runs: WatchedRun[] = []
    for (const chunk of idChunks(jobIds)) {
      const rows = await this.db.all<JobRunRow>(
        `SELECT ${JOB_RUN_COLUMNS} FROM job_log WHERE job_id IN (${inList(chunk.length)}) AND id > ? ORDER BY id LIMIT ?`,
        [...chunk, afterId, limit],
      )
      runs.push(...rows.map(watchedJobRunOf))
    }
    return runs.sort((a, b) => a.id - b.id).slice(0, limit)
  }

  /** These job runs as the monitor reads them (those still there). */
  async jobRunsById(ids: readonly number[]): Promise<WatchedRun[]> {
    const runs: WatchedRun[] = []
    for (const chunk of idChunks(ids)) {
      const rows = await this.db.all<JobRunRow>(`SELECT ${JOB_RUN_COLUMNS} FROM job_log WHERE id IN (${inList(chunk.length)})`, chunk)
      runs.push(...rows.map(watchedJobRunOf))
    }
    return runs
  }

  /** The last run id written before `ms` (by trigger time; 0 for none): where a monitor that starts looking picks up new runs. */
  async lastJobRunIdBefore(ms: number): Promise<number> {
    const first = await this.db.get<{ id: number | null }>('SELECT MIN(id) AS id FROM job_log WHERE trigger_time >= ?', [ms])
    if (first?.id !== null && first?.id !== undefined) return Number(first.id) - 1
    const last = await this.db.get<{ id: number | null }>('SELECT MAX(id) AS id FROM job_log')
    return Number(last?.id ?? 0)
  }

  /** The flow runs of these flows added since `sinceMs` still under way or ended at or after `endedSinceMs`. */
  async flowRuns(flowIds: readonly number[], sinceMs: number, endedSinceMs: number, limit: number): Promise<WatchedRun[]> {
    const runs: WatchedRun[] = []
    for (const chunk of idChunks(flowIds)) {
      const rows = await this.db.all<{
        id: number
        flow_id: number
        schedule_time: number | null
        add_time: number
        start_time: number
        end_time: number
        deadline_marks: number
      }>(
        `SELECT id, flow_id, schedule_time, add_time, start_time, end_time, deadline_marks FROM job_flow_run
          WHERE flow_id IN (${inList(chunk.length)}) AND add_time >= ? AND (end_time = 0 OR end_time >= ?) ORDER BY id LIMIT ?`,
        [...chunk, sinceMs, endedSinceMs, limit],
      )
      for (const r of rows) {
        runs.push({
          id: Number(r.id),
          ownerId: Number(r.flow_id),
          dueMs: r.schedule_time === null ? Number(r.add_time) : Number(r.schedule_time),
          startedMs: Number(r.start_time),
          endedMs: Number(r.end_time),
          marks: Number(r.deadline_marks),
        })
      }
    }
    return runs
  }

  /** How long a job's last `limit` successful runs before run `beforeId` took (ms), newest first. */
  async jobDurations(jobId: number, beforeId: number, limit: number): Promise<number[]> {
    const rows = await this.db.all<{ trigger_time: number; handle_time: number }>(
      'SELECT trigger_time, handle_time FROM job_log WHERE job_id = ? AND id < ? AND trigger_code = 200 AND handle_code = 200 ORDER BY id DESC LIMIT ?',
      [jobId, beforeId, limit],
    )
    return rows.map((r) => Math.max(0, Number(r.handle_time) - Number(r.trigger_time)))
  }

  /** How long a flow's last `limit` successful runs before run `beforeId` took (ms), newest first. */
  async flowDurations(flowId: number, beforeId: number, limit: number): Promise<number[]> {
    const rows = await this.db.all<{ start_time: number; end_time: number }>(
      "SELECT start_time, end_time FROM job_flow_run WHERE flow_id = ? AND id < ? AND state = 'success' AND start_time > 0 ORDER BY id DESC LIMIT ?",
      [flowId, beforeId, limit],
    )
    return rows.map((r) => Math.max(0, Number(r.end_time) - Number(r.start_time)))
  }

  /** The marks of those of these job runs that have any (a flow run's nodes show their runs' marks). */
  async jobRunMarks(ids: readonly number[]): Promise<Map<number, number>> {
    const marks = new Map<number, number>()
    for (const chunk of idChunks(ids)) {
      const rows = await this.db.all<{ id: number; deadline_marks: number }>(
        `SELECT id, deadline_marks FROM job_log WHERE id IN (${inList(chunk.length)}) AND deadline_marks <> 0`,
        chunk,
      )
      for (const r of rows) marks.set(Number(r.id), Number(r.deadline_marks))
    }
    return marks
  }

  /** Sets one mark on a job run; true for the one caller that set it (compare-and-set: once per run across a cluster). */
  markJobRun(id: number, kind: DeadlineMissKind): Promise<boolean> {
    return this.mark('job_log', id, kind)
  }

  markFlowRun(id: number, kind: DeadlineMissKind): Promise<boolean> {
    return this.mark('job_flow_run', id, kind)
  }

  private async mark(table: 'job_log' | 'job_flow_run', id: number, kind: DeadlineMissKind): Promise<boolean> {
    // The bit is one of RUN_MARK's constants, never input: written into the statement so every
    // engine reads it as an integer (a bound `?` beside `|` leaves PostgreSQL guessing its type).
    if (!DEADLINE_MISS_KINDS.includes(kind)) throw new Error(`not a deadline mark: ${String(kind)}`)
    const bit = RUN_MARK[kind]
    const changed = await this.db.run(`UPDATE ${table} SET deadline_marks = deadline_marks | ${bit} WHERE id = ? AND (deadline_marks & ${bit}) = 0`, [id])
    return changed === 1
  }
}
