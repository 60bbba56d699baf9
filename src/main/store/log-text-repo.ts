import type { Db } from './open-database'

/** A LAN run's log as JobDesk kept it (job_log_text). */
export interface KeptLog {
  /** Physical lines 1…lineCount, each ending in "\n". */
  text: string
  lineCount: number
  /** Taken after the run ended: the executor need not be asked again. */
  complete: boolean
}

/**
 * `job_log_text`: the logs of LAN runs, copied while they run and at their end so they outlive the
 * executor (within retention). A copy only grows by the lines that follow it, so two pulls racing
 * for the same lines add them once.
 */
export class LogTextRepo {
  private readonly getStmt
  private readonly setStmt
  private readonly firstLinesStmt
  private readonly appendStmt
  private readonly completeStmt

  constructor(db: Db) {
    this.getStmt = db.prepare<[number], { log_text: string; line_count: number; complete: number }>(
      'SELECT log_text, line_count, complete FROM job_log_text WHERE log_id = ?',
    )
    this.setStmt = db.prepare<[number, string, number]>(
      `INSERT INTO job_log_text (log_id, log_text, line_count, complete) VALUES (?, ?, ?, 1)
       ON CONFLICT (log_id) DO UPDATE SET log_text = excluded.log_text, line_count = excluded.line_count, complete = 1`,
    )
    this.firstLinesStmt = db.prepare<{ logId: number; text: string; toLine: number }>(
      `INSERT INTO job_log_text (log_id, log_text, line_count, complete) VALUES (@logId, @text, @toLine, 0)
       ON CONFLICT (log_id) DO UPDATE SET log_text = excluded.log_text, line_count = excluded.line_count
        WHERE job_log_text.line_count = 0 AND job_log_text.complete = 0`,
    )
    this.appendStmt = db.prepare<{ logId: number; text: string; toLine: number; fromLine: number }>(
      `UPDATE job_log_text SET log_text = log_text || @text, line_count = @toLine
        WHERE log_id = @logId AND line_count = @fromLine - 1 AND complete = 0`,
    )
    this.completeStmt = db.prepare<[number]>('UPDATE job_log_text SET complete = 1 WHERE log_id = ?')
  }

  get(logId: number): KeptLog | undefined {
    const row = this.getStmt.get(logId)
    return row && { text: row.log_text, lineCount: row.line_count, complete: row.complete === 1 }
  }

  /** Stores a whole, final copy. */
  set(logId: number, text: string): void {
    this.setStmt.run(logId, text, countLines(text))
  }

  /**
   * Adds lines `fromLine`…`toLine` (`text`, each line ending in "\n") when they follow the copy
   * directly and the copy is not final; false when nothing was added.
   */
  append(logId: number, fromLine: number, toLine: number, text: string): boolean {
    if (toLine < fromLine || text === '') return false
    if (fromLine === 1) return this.firstLinesStmt.run({ logId, text, toLine }).changes === 1
    return this.appendStmt.run({ logId, text, toLine, fromLine }).changes === 1
  }

  /** The copy is final: later reads need not ask the executor. */
  markComplete(logId: number): void {
    this.completeStmt.run(logId)
  }
}

function countLines(text: string): number {
  let count = 0
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++
  return text !== '' && !text.endsWith('\n') ? count + 1 : count
}
