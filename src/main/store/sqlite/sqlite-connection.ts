import type Database from 'better-sqlite3'
import type { Connection, SqlValue, SyncConnection, WriteResult } from '../sql/connection'
import { sqliteDialect } from '../sql/dialect'

type Statement = Database.Statement<SqlValue[], unknown>

/**
 * better-sqlite3 behind the async Connection: each SQL text is prepared once and kept, and every
 * call runs at once (SQLite answers in microseconds) behind a resolved promise. `withSync` hands
 * the same calls over synchronously.
 */
export class SqliteConnection implements Connection {
  readonly dialect = sqliteDialect
  private readonly statements = new Map<string, Statement>()
  private readonly sync: SyncConnection

  constructor(readonly db: Database.Database) {
    // better-sqlite3's transaction wrapper: BEGIN … COMMIT outside a transaction, a savepoint inside one.
    const unit = db.transaction((work: () => unknown) => work())
    this.sync = {
      all: <T>(sql: string, params: readonly SqlValue[] = []): T[] => this.prepared(sql).all(...params) as T[],
      run: (sql: string, params: readonly SqlValue[] = []): WriteResult => {
        const result = this.prepared(sql).run(...params)
        return { changes: result.changes, lastId: Number(result.lastInsertRowid) }
      },
      atomic: <T>(work: () => T): T => unit(work) as T,
    }
  }

  prepared(sql: string): Statement {
    let statement = this.statements.get(sql)
    if (!statement) {
      statement = this.db.prepare<SqlValue[], unknown>(sql)
      this.statements.set(sql, statement)
    }
    return statement
  }

  async all<T>(sql: string, params: readonly SqlValue[] = []): Promise<T[]> {
    return this.prepared(sql).all(...params) as T[]
  }

  async get<T>(sql: string, params: readonly SqlValue[] = []): Promise<T | undefined> {
    return this.prepared(sql).get(...params) as T | undefined
  }

  async run(sql: string, params: readonly SqlValue[] = []): Promise<number> {
    return this.prepared(sql).run(...params).changes
  }

  async insert(sql: string, params: readonly SqlValue[] = []): Promise<number | null> {
    const result = this.prepared(sql).run(...params)
    return result.changes === 1 ? Number(result.lastInsertRowid) : null
  }

  async withSync<T>(work: (sync: SyncConnection) => T): Promise<T> {
    return work(this.sync)
  }
}
