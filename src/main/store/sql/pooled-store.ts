import type { ClusterEventChannel } from '../cluster-events'
import { NodeRepo } from '../node-repo'
import { createRepos, type Repos, type Store, type StoreEngine } from '../store'
import { StoreRepos } from '../store-repos'
import { KnownTrailShapes } from '../trail-shapes'
import type { Connection } from './connection'
import { CheckedConnection, TransactionScope, transactionConnection } from './transaction-scope'

/** One transaction on a connection of its own, as a server engine's driver opens it. */
export interface OpenTransaction {
  readonly connection: Connection
  commit(): Promise<void>
  /** Rolls back and gives the connection back (a broken one is closed); never throws. */
  rollback(): Promise<void>
}

/** What a server engine (PostgreSQL, MySQL) supplies to a PooledStore. */
export interface PoolDriver {
  /** The pool, each call on a connection of its own that commits by itself. */
  readonly autocommit: Connection
  /** One connection outside the pool, kept open, that commits each call by itself: the node's lease renewals (Store.renewals). */
  readonly renewals: Connection
  /** Takes a connection from the pool and begins a READ COMMITTED transaction on it. */
  begin(): Promise<OpenTransaction>
  /** The engine chose this transaction as a deadlock's victim: running it again may succeed. */
  isRetryable(error: unknown): boolean
  close(): Promise<void>
}

export interface PoolOptions {
  /** Connections the pool may open (a transaction holds one while it runs). Default 10. */
  maxConnections?: number
}

/** Tries of a transaction the engine broke off to resolve a deadlock (two nodes locking rows in opposite orders). */
const ATTEMPTS = 3

/**
 * A store on a database server: a pool for the autocommit repositories, one pooled connection per
 * transaction, so transactions run in parallel (row locks, not one writer, keep them apart). As on
 * SQLite, transactions do not nest and an autocommit call from inside a transaction's work fails.
 */
export class PooledStore extends StoreRepos implements Store {
  protected readonly repos: Repos
  readonly renewals: Pick<Repos, 'nodes'>
  private readonly scope = new TransactionScope()
  private readonly trailShapes = new KnownTrailShapes()
  private readonly running = new Set<Promise<unknown>>()
  private closed = false

  constructor(
    readonly engine: Exclude<StoreEngine, 'sqlite'>,
    readonly location: string,
    private readonly driver: PoolDriver,
    readonly events: ClusterEventChannel,
  ) {
    super()
    this.repos = createRepos(new CheckedConnection(driver.autocommit, () => this.scope.assertOutside()), this.trailShapes.forWork(true))
    this.renewals = { nodes: new NodeRepo(new CheckedConnection(driver.renewals, () => this.scope.assertOutside())) }
  }

  transaction<T>(work: (tx: Repos) => Promise<T>): Promise<T> {
    // Transactions do not nest: one opened from inside another's work would wait on its rows.
    try {
      this.scope.assertOutside()
    } catch (error) {
      return Promise.reject(error as Error)
    }
    if (this.closed) return Promise.reject(new Error(`the store ${this.location} is closed`))
    const done = this.attempt(work, 1)
    this.running.add(done)
    void done.then(
      () => this.running.delete(done),
      () => this.running.delete(done),
    )
    return done
  }

  private async attempt<T>(work: (tx: Repos) => Promise<T>, attempt: number): Promise<T> {
    const tx = await this.driver.begin()
    const connection = transactionConnection(tx.connection)
    const shapes = this.trailShapes.forWork(false)
    try {
      const result = await this.scope.run(() => work(createRepos(connection.connection, shapes)))
      connection.end()
      await tx.commit()
      shapes.committed()
      return result
    } catch (error) {
      connection.end()
      await tx.rollback()
      if (attempt < ATTEMPTS && this.driver.isRetryable(error)) return this.attempt(work, attempt + 1)
      throw error
    }
  }

  async close(): Promise<void> {
    if (this.closed) return
    this.closed = true
    await Promise.allSettled([...this.running])
    await this.events.close()
    await this.driver.close()
  }
}
