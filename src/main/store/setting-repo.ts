import type { Connection } from './sql/connection'
import { bumpVersion } from './version-repo'

/** Named settings stored as JSON text (tokens, retention, alarm channels, switches). */
export class SettingRepo {
  constructor(private readonly db: Connection) {}

  async get<T>(name: string): Promise<T | undefined> {
    const row = await this.db.get<{ value: string }>('SELECT value FROM setting WHERE name = ?', [name])
    return row ? (JSON.parse(row.value) as T) : undefined
  }

  /** Every setting, parsed (read once at start and after another node changed one). */
  async all(): Promise<Map<string, unknown>> {
    const rows = await this.db.all<{ name: string; value: string }>('SELECT name, value FROM setting')
    return new Map(rows.map((row) => [row.name, JSON.parse(row.value) as unknown]))
  }

  async set(name: string, value: unknown): Promise<void> {
    await this.db.run(this.db.dialect.upsert('setting', ['name', 'value'], ['name'], ['value']), [name, JSON.stringify(value)])
    // After the write: outside a transaction, a node that rereads on the new version sees the value.
    await bumpVersion(this.db, 'settings')
  }

  /** Stores `value` unless the setting exists; resolves with the stored value (first writer wins across nodes). */
  async setIfAbsent<T>(name: string, value: T): Promise<T> {
    const inserted = await this.db.run(this.db.dialect.insertIgnore('setting', ['name', 'value']), [name, JSON.stringify(value)])
    if (inserted > 0) await bumpVersion(this.db, 'settings')
    return (await this.get<T>(name))!
  }
}
