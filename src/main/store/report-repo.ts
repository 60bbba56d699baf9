import type { Connection } from './sql/connection'

export interface DayReport {
  /** Local midnight of the day, epoch ms. */
  triggerDayMs: number
  runningCount: number
  sucCount: number
  failCount: number
}

/** `job_log_report`: per-day run counts for the dashboard (XXL-JOB's report table). */
export class ReportRepo {
  constructor(private readonly db: Connection) {}

  /** Recounts one day [startMs, endMs) from job_log and stores it. */
  async refreshDay(startMs: number, endMs: number, nowMs: number): Promise<DayReport> {
    // XXL-JOB's derived states (docs/protocol.md#codes-and-states): running counts trigger_code 0 or 200 with no result.
    const c = (await this.db.get<{ running: number; suc: number; fail: number }>(
      `SELECT COALESCE(SUM(CASE WHEN trigger_code IN (0, 200) AND handle_code = 0 THEN 1 ELSE 0 END), 0) AS running,
              COALESCE(SUM(CASE WHEN handle_code = 200 THEN 1 ELSE 0 END), 0) AS suc,
              COALESCE(SUM(CASE WHEN trigger_code NOT IN (0, 200) OR handle_code NOT IN (0, 200) THEN 1 ELSE 0 END), 0) AS fail
         FROM job_log WHERE trigger_time >= ? AND trigger_time < ?`,
      [startMs, endMs],
    ))!
    const day = { triggerDayMs: startMs, runningCount: Number(c.running), sucCount: Number(c.suc), failCount: Number(c.fail) }
    await this.db.run(
      this.db.dialect.upsert(
        'job_log_report',
        ['trigger_day', 'running_count', 'suc_count', 'fail_count', 'update_time'],
        ['trigger_day'],
        ['running_count', 'suc_count', 'fail_count', 'update_time'],
      ),
      [startMs, day.runningCount, day.sucCount, day.failCount, nowMs],
    )
    return day
  }

  async range(fromDayMs: number, toDayMs: number): Promise<DayReport[]> {
    const rows = await this.db.all<{ trigger_day: number; running_count: number; suc_count: number; fail_count: number }>(
      'SELECT trigger_day, running_count, suc_count, fail_count FROM job_log_report WHERE trigger_day >= ? AND trigger_day <= ? ORDER BY trigger_day',
      [fromDayMs, toDayMs],
    )
    return rows.map((r) => ({ triggerDayMs: Number(r.trigger_day), runningCount: r.running_count, sucCount: r.suc_count, failCount: r.fail_count }))
  }
}
