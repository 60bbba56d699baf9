import type { Connection } from './sql/connection'

/** Named settings stored as JSON text (tokens, retention, alarm channels, switches). */
export class SettingRepo {
  constructor(private readonly db: Connection) {}

  async get<T>(name: string): Promise<T | undefined> {
    const row = await this.db.get<{ value: string }>('SELECT value FROM setting WHERE name = ?', [name])
    return row ? (JSON.parse(row.value) as T) : undefined
  }

  async set(name: string, value: unknown): Promise<void> {
    await this.db.run(this.db.dialect.upsert('setting', ['name', 'value'], ['name'], ['value']), [name, JSON.stringify(value)])
  }

  /** Stores `value` unless the setting exists; resolves with the stored value (first writer wins across nodes). */
  async setIfAbsent<T>(name: string, value: T): Promise<T> {
    await this.db.run(this.db.dialect.insertIgnore('setting', ['name', 'value']), [name, JSON.stringify(value)])
    return (await this.get<T>(name))!
  }
}
