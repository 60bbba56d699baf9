import { AsyncLocalStorage } from 'node:async_hooks'
import type { Connection, SqlValue } from './connection'

/**
 * Whether transaction scopes check their callers: on in the tests (vitest.config.ts and
 * playwright.config.ts set it, and the servers they start inherit it), off in production. On Node 20
 * an AsyncLocalStorage, once entered, puts a hook on every promise the process creates; with the
 * scheduler inside a transaction most of each second at 10k fires/s, one B1 run measured 66.5 → 58.7
 * CPU-µs per fire without it (docs/benchmarks.md#b1-throughput). What the check catches is a programming error the
 * tests exercise, not a condition of the data, so production does not pay for it.
 */
const TRANSACTION_CHECKS = process.env.JOBDESK_CHECK_TRANSACTIONS === '1'

/**
 * Knows whether the code running is a transaction's work (in its async context), so that an
 * autocommit repository call made from inside it fails at once and names the bug instead of
 * waiting for the transaction to end (SQLite: forever) or racing it for row locks (the servers).
 * The same on every engine: work must use its `tx`. Without TRANSACTION_CHECKS it checks nothing.
 */
export class TransactionScope {
  private readonly current = new AsyncLocalStorage<{ open: boolean }>()
  /**
   * Transactions whose work is running: the storage is disabled whenever no work runs, so only a
   * transaction's own stretch pays for its hooks. Outside any work there is nothing to find, and a
   * disabled storage answers "outside", which is then true.
   */
  private running = 0

  constructor(private readonly checked = TRANSACTION_CHECKS) {}

  get inside(): boolean {
    return this.checked && this.current.getStore()?.open === true
  }

  assertOutside(): void {
    if (this.inside) {
      throw new Error("a repository call outside the transaction was made from inside it (it would wait for itself): use the transaction's repositories")
    }
  }

  /** Runs `work` as a transaction's work; once it settles, its async context counts as outside again. */
  async run<T>(work: () => Promise<T>): Promise<T> {
    if (!this.checked) return work()
    const marker = { open: true }
    this.running++
    try {
      return await this.current.run(marker, work)
    } finally {
      marker.open = false
      if (--this.running === 0) this.current.disable()
    }
  }
}

/**
 * A Connection that checks something before every call (the autocommit repositories: not from
 * inside a transaction). A check that returns nothing costs no extra turn of the event loop; one
 * that returns a promise (wait for something) is made again once it settles, right before the call.
 */
export class CheckedConnection implements Connection {
  readonly dialect
  readonly withSync?: Connection['withSync']
  readonly holdsLocks?: boolean
  readonly insertRows?: Connection['insertRows']

  constructor(
    private readonly inner: Connection,
    private readonly check: () => void | Promise<void>,
  ) {
    this.dialect = inner.dialect
    this.holdsLocks = inner.holdsLocks
    const insertRows = inner.insertRows?.bind(inner)
    if (insertRows) {
      this.insertRows = async (sql, params) => {
        for (let pending = this.check(); pending; pending = this.check()) await pending
        return insertRows(sql, params)
      }
    }
    const withSync = inner.withSync?.bind(inner)
    if (withSync) {
      this.withSync = async (work) => {
        for (let pending = this.check(); pending; pending = this.check()) await pending
        return withSync(work)
      }
    }
  }

  async all<T>(sql: string, params?: readonly SqlValue[]): Promise<T[]> {
    for (let pending = this.check(); pending; pending = this.check()) await pending
    return this.inner.all<T>(sql, params)
  }

  async get<T>(sql: string, params?: readonly SqlValue[]): Promise<T | undefined> {
    for (let pending = this.check(); pending; pending = this.check()) await pending
    return this.inner.get<T>(sql, params)
  }

  async run(sql: string, params?: readonly SqlValue[]): Promise<number> {
    for (let pending = this.check(); pending; pending = this.check()) await pending
    return this.inner.run(sql, params)
  }

  async insert(sql: string, params?: readonly SqlValue[]): Promise<number | null> {
    for (let pending = this.check(); pending; pending = this.check()) await pending
    return this.inner.insert(sql, params)
  }
}

/**
 * A transaction's connection, refused once the transaction ended: work that left a call running
 * past its end would otherwise write outside the transaction (or on a connection given back).
 */
export function transactionConnection(inner: Connection): { connection: Connection; end(): void } {
  let ended = false
  const connection = new CheckedConnection(inner, () => {
    if (ended) throw new Error("a transaction's repository was used after the transaction ended (the work did not await every call)")
  })
  return { connection, end: () => (ended = true) }
}
