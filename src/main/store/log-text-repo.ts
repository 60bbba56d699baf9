import type { Db } from './open-database'

/** `job_log_text`: the log of a finished LAN run, kept so it outlives the executor (within retention). */
export class LogTextRepo {
  private readonly getStmt
  private readonly setStmt

  constructor(db: Db) {
    this.getStmt = db.prepare<[number], { log_text: string }>('SELECT log_text FROM job_log_text WHERE log_id = ?')
    this.setStmt = db.prepare<[number, string]>(
      'INSERT INTO job_log_text (log_id, log_text) VALUES (?, ?) ON CONFLICT (log_id) DO UPDATE SET log_text = excluded.log_text',
    )
  }

  get(logId: number): string | undefined {
    return this.getStmt.get(logId)?.log_text
  }

  set(logId: number, text: string): void {
    this.setStmt.run(logId, text)
  }
}
