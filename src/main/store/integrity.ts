import type Database from 'better-sqlite3'

/**
 * SQLite's quick_check: every page read once, so it catches a file that was truncated or damaged
 * beyond its header. What it reports, 'ok' left out (an empty list: sound).
 */
export function quickCheckProblems(db: Database.Database): string[] {
  const rows = db.pragma('quick_check') as { quick_check: string }[]
  return rows.map((r) => r.quick_check).filter((r) => r !== 'ok')
}

export function corruptDatabaseMessage(file: string, problems: readonly string[]): string {
  return `the database ${file} is corrupt (${problems.slice(0, 3).join('; ')}); restore it from a backup or move it away to start with an empty one`
}
