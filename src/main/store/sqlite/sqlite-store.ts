import type Database from 'better-sqlite3'
import type { ClusterEventChannel } from '../cluster-events'
import { EventRepo } from '../event-repo'
import { CheckedConnection, TransactionScope, transactionConnection } from '../sql/transaction-scope'
import { createRepos, type Repos, type Store } from '../store'
import { StoreRepos } from '../store-repos'
import { TableEventChannel } from '../table-event-channel'
import { KnownTrailShapes } from '../trail-shapes'
import { SqliteConnection } from './sqlite-connection'

/**
 * The SQLite engine (the default, embedded): one better-sqlite3 connection per process, shared by
 * the autocommit repositories and by transactions. A transaction holds the connection until it
 * commits, so transactions queue behind each other and an autocommit call waits for the open one
 * to end — it would otherwise land inside it (and be rolled back with it). Cluster events go
 * through the `job_event` table, so two processes on one file hear each other.
 */
export class SqliteStore extends StoreRepos implements Store {
  readonly engine = 'sqlite' as const
  readonly events: ClusterEventChannel
  readonly renewals: Pick<Repos, 'nodes'>
  protected readonly repos: Repos
  private readonly connection: SqliteConnection
  /** Settles when the open transaction (and those queued before the next caller) have ended. */
  private queue: Promise<unknown> = Promise.resolve()
  private open = false
  /**
   * Whether the code running is a transaction's work: an autocommit call made from inside it would
   * wait for the transaction to end — forever — so it fails at once and names the bug.
   */
  private readonly scope = new TransactionScope()
  private readonly trailShapes = new KnownTrailShapes()

  constructor(
    readonly db: Database.Database,
    readonly location: string,
    private readonly onClose: () => Promise<void> = async () => {},
  ) {
    super()
    this.connection = new SqliteConnection(db)
    const outside = new CheckedConnection(this.connection, () => this.beforeAutocommit())
    this.repos = createRepos(outside, this.trailShapes.forWork(true))
    this.renewals = { nodes: this.repos.nodes }
    this.events = new TableEventChannel(new EventRepo(outside))
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
      const tx = transactionConnection(this.connection)
      const shapes = this.trailShapes.forWork(false)
      this.connection.prepared('BEGIN IMMEDIATE').run()
      try {
        const result = await this.scope.run(() => work(createRepos(tx.connection, shapes)))
        tx.end()
        this.connection.prepared('COMMIT').run()
        shapes.committed()
        return result
      } catch (error) {
        tx.end()
        if (this.db.inTransaction) this.connection.prepared('ROLLBACK').run()
        throw error
      } finally {
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

  /** Throws when called from inside a transaction's work (see `scope`). */
  assertOutsideTransaction(): void {
    this.scope.assertOutside()
  }

  /**
   * An autocommit call runs only while no transaction is open. It is checked again right before the
   * call (CheckedConnection): a queued transaction may have begun while this one waited.
   */
  private beforeAutocommit(): void | Promise<void> {
    this.scope.assertOutside()
    if (this.open) return this.idle()
  }

  async close(): Promise<void> {
    await this.idle()
    await this.events.close()
    await this.onClose()
    this.db.close()
  }
}
