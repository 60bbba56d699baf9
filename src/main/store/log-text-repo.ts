import type { Connection } from './sql/connection'

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
  constructor(private readonly db: Connection) {}

  async get(logId: number): Promise<KeptLog | undefined> {
    const row = await this.db.get<{ log_text: string; line_count: number; complete: number }>(
      'SELECT log_text, line_count, complete FROM job_log_text WHERE log_id = ?',
      [logId],
    )
    return row && { text: row.log_text, lineCount: row.line_count, complete: row.complete === 1 }
  }

  /** Stores a whole, final copy. */
  async set(logId: number, text: string): Promise<void> {
    await this.db.run(
      this.db.dialect.upsert('job_log_text', ['log_id', 'log_text', 'line_count', 'complete'], ['log_id'], ['log_text', 'line_count', 'complete']),
      [logId, text, countLines(text), 1],
    )
  }

  /**
   * Adds lines `fromLine`…`toLine` (`text`, each line ending in "\n") when they follow the copy
   * directly and the copy is not final; false when nothing was added.
   */
  async append(logId: number, fromLine: number, toLine: number, text: string): Promise<boolean> {
    if (toLine < fromLine || text === '') return false
    if (fromLine === 1) {
      // A first copy, or one that holds nothing yet (two pulls racing: the first one's lines win).
      if ((await this.db.run(this.db.dialect.insertIgnore('job_log_text', ['log_id', 'log_text', 'line_count', 'complete']), [logId, text, toLine, 0])) === 1)
        return true
      return (
        (await this.db.run('UPDATE job_log_text SET log_text = ?, line_count = ? WHERE log_id = ? AND line_count = 0 AND complete = 0', [
          text,
          toLine,
          logId,
        ])) === 1
      )
    }
    const sql = `UPDATE job_log_text SET log_text = ${this.db.dialect.concat('log_text', '?')}, line_count = ? WHERE log_id = ? AND line_count = ? AND complete = 0`
    return (await this.db.run(sql, [text, toLine, logId, fromLine - 1])) === 1
  }

  /** The copy is final: later reads need not ask the executor. */
  async markComplete(logId: number): Promise<void> {
    await this.db.run('UPDATE job_log_text SET complete = 1 WHERE log_id = ?', [logId])
  }
}

function countLines(text: string): number {
  let count = 0
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++
  return text !== '' && !text.endsWith('\n') ? count + 1 : count
}
