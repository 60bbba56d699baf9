import type { Db } from './open-database'

/** Key/value settings stored as JSON text (tokens, retention, alarm channels, UI preferences). */
export class SettingRepo {
  private readonly getStmt
  private readonly setStmt

  constructor(db: Db) {
    this.getStmt = db.prepare<[string], { value: string }>('SELECT value FROM setting WHERE key = ?')
    this.setStmt = db.prepare<[string, string]>(
      'INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
    )
  }

  get<T>(key: string): T | undefined {
    const row = this.getStmt.get(key)
    return row ? (JSON.parse(row.value) as T) : undefined
  }

  set(key: string, value: unknown): void {
    this.setStmt.run(key, JSON.stringify(value))
  }
}
