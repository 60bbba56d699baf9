import { AsyncLocalStorage } from 'node:async_hooks'
import type Database from 'better-sqlite3'
import type { Connection, SqlValue } from '../sql/connection'
import { LocalEventChannel, type ClusterEventChannel } from '../cluster-events'
import { createRepos, type Repos, type Store } from '../store'
import { SqliteConnection } from './sqlite-connection'

/**
 * The SQLite engine (the default, embedded): one better-sqlite3 connection per process, shared by
 * the autocommit repositories and by transactions. A transaction holds the connection until it
 * commits, so transactions queue behind each other and an autocommit call waits for the open one
 * to end — it would otherwise land inside it (and be rolled back with it).
 */
export class SqliteStore implements Store {
  readonly engine = 'sqlite' as const
  readonly events: ClusterEventChannel = new LocalEventChannel()
  private readonly connection: SqliteConnection
  private readonly txRepos: Repos
  /** Settles when the open transaction (and those queued before the next caller) have ended. */
  private queue: Promise<unknown> = Promise.resolve()
  private open = false
  private readonly repos: Repos
  /**
   * The transaction whose work is running, in the async context of that work: an autocommit call
   * made from inside it would wait for the transaction to end — forever — so it fails at once and
   * names the bug (the work must use its `tx`).
   */
  private readonly current = new AsyncLocalStorage<{ open: boolean }>()

  constructor(
    readonly db: Database.Database,
    readonly location: string,
    private readonly onClose: () => Promise<void> = async () => {},
  ) {
    this.connection = new SqliteConnection(db)
    this.txRepos = createRepos(this.connection)
    this.repos = createRepos(new OutsideTransaction(this.connection, this))
  }

  get jobs() {
    return this.repos.jobs
  }
  get groups() {
    return this.repos.groups
  }
  get runs() {
    return this.repos.runs
  }
  get ring() {
    return this.repos.ring
  }
  get registry() {
    return this.repos.registry
  }
  get settings() {
    return this.repos.settings
  }
  get reports() {
    return this.repos.reports
  }
  get links() {
    return this.repos.links
  }
  get glue() {
    return this.repos.glue
  }
  get logTexts() {
    return this.repos.logTexts
  }
  get versions() {
    return this.repos.versions
  }
  get nodes() {
    return this.repos.nodes
  }
  get leases() {
    return this.repos.leases
  }
  get routes() {
    return this.repos.routes
  }
  get users() {
    return this.repos.users
  }
  get sessions() {
    return this.repos.sessions
  }
  get apiTokens() {
    return this.repos.apiTokens
  }
  get audit() {
    return this.repos.audit
  }

  transaction<T>(work: (tx: Repos) => Promise<T>): Promise<T> {
    // Transactions do not nest: one opened from inside another would queue behind it forever.
    try {
      this.assertOutsideTransaction()
    } catch (error) {
      return Promise.reject(error as Error)
    }
    const run = async (): Promise<T> => {
      this.open = true
      const marker = { open: true }
      this.connection.prepared('BEGIN IMMEDIATE').run()
      try {
        const result = await this.current.run(marker, () => work(this.txRepos))
        this.connection.prepared('COMMIT').run()
        return result
      } catch (error) {
        if (this.db.inTransaction) this.connection.prepared('ROLLBACK').run()
        throw error
      } finally {
        marker.open = false
        this.open = false
      }
    }
    const result = this.queue.then(run, run)
    this.queue = result.catch(() => undefined)
    return result
  }

  /** Resolves once no transaction is open (the autocommit repositories wait here). */
  async idle(): Promise<void> {
    while (this.open) await this.queue
  }

  get transactionOpen(): boolean {
    return this.open
  }

  /** Throws when called from inside a transaction's work (see `current`). */
  assertOutsideTransaction(): void {
    if (this.current.getStore()?.open) {
      throw new Error('a repository call outside the transaction was made from inside it (it would wait for itself): use the transaction\'s repositories')
    }
  }

  async close(): Promise<void> {
    await this.idle()
    await this.events.close()
    await this.onClose()
    this.db.close()
  }
}

/** The connection of the autocommit repositories: it runs a call only while no transaction is open. */
class OutsideTransaction implements Connection {
  readonly dialect

  constructor(
    private readonly inner: SqliteConnection,
    private readonly store: SqliteStore,
  ) {
    this.dialect = inner.dialect
  }

  async all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]> {
    this.store.assertOutsideTransaction()
    // Re-checked right before the call: a queued transaction may have begun while this one waited.
    while (this.store.transactionOpen) await this.store.idle()
    return this.inner.all<T>(sql, params)
  }

  async get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined> {
    this.store.assertOutsideTransaction()
    while (this.store.transactionOpen) await this.store.idle()
    return this.inner.get<T>(sql, params)
  }

  async run(sql: string, params?: readonly SqlValue[]): Promise<number> {
    this.store.assertOutsideTransaction()
    while (this.store.transactionOpen) await this.store.idle()
    return this.inner.run(sql, params)
  }

  async insert(sql: string, params?: readonly SqlValue[]): Promise<number | null> {
    this.store.assertOutsideTransaction()
    while (this.store.transactionOpen) await this.store.idle()
    return this.inner.insert(sql, params)
  }
}
