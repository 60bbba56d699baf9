import type { Db } from './open-database'

export interface DayReport {
  /** Local midnight of the day, epoch ms. */
  triggerDayMs: number
  runningCount: number
  sucCount: number
  failCount: number
}

/** `job_log_report`: per-day run counts for the dashboard (XXL-JOB's report table). */
export class ReportRepo {
  private readonly countStmt
  private readonly upsertStmt
  private readonly rangeStmt

  constructor(db: Db) {
    // XXL-JOB's derived states (reference §3.7): running counts trigger_code 0 or 200 with no result.
    this.countStmt = db.prepare<[number, number], { running: number; suc: number; fail: number }>(
      `SELECT COALESCE(SUM(CASE WHEN trigger_code IN (0, 200) AND handle_code = 0 THEN 1 ELSE 0 END), 0) AS running,
              COALESCE(SUM(CASE WHEN handle_code = 200 THEN 1 ELSE 0 END), 0) AS suc,
              COALESCE(SUM(CASE WHEN trigger_code NOT IN (0, 200) OR handle_code NOT IN (0, 200) THEN 1 ELSE 0 END), 0) AS fail
         FROM job_log WHERE trigger_time >= ? AND trigger_time < ?`,
    )
    this.upsertStmt = db.prepare<[number, number, number, number, number]>(
      `INSERT INTO job_log_report (trigger_day, running_count, suc_count, fail_count, update_time) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (trigger_day) DO UPDATE SET running_count = excluded.running_count, suc_count = excluded.suc_count,
              fail_count = excluded.fail_count, update_time = excluded.update_time`,
    )
    this.rangeStmt = db.prepare<[number, number], DayReport>(
      `SELECT trigger_day AS triggerDayMs, running_count AS runningCount, suc_count AS sucCount, fail_count AS failCount
         FROM job_log_report WHERE trigger_day >= ? AND trigger_day <= ? ORDER BY trigger_day`,
    )
  }

  /** Recounts one day [startMs, endMs) from job_log and stores it. */
  refreshDay(startMs: number, endMs: number, nowMs: number): DayReport {
    const c = this.countStmt.get(startMs, endMs)!
    this.upsertStmt.run(startMs, c.running, c.suc, c.fail, nowMs)
    return { triggerDayMs: startMs, runningCount: c.running, sucCount: c.suc, failCount: c.fail }
  }

  range(fromDayMs: number, toDayMs: number): DayReport[] {
    return this.rangeStmt.all(fromDayMs, toDayMs)
  }
}
