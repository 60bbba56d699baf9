import Database from 'better-sqlite3'
import { createHash } from 'node:crypto'

/** One digest per table, by table name: equal maps mean every row of every table is the same. */
export type TableChecksums = Record<string, string>

type Db = Database.Database

/**
 * A read-only second connection to a database another process (or thread) is writing. WAL lets it
 * read the last committed state at every query without blocking the writer.
 */
export function openReadOnly(file: string): Db {
  const db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 })
  db.pragma('busy_timeout = 5000')
  return db
}

/**
 * Tables that change with the clock, not with requests: the node heartbeats and leases (every second),
 * and the dashboard's day counts, recounted from job_log every minute (job_log itself is checked). A
 * fuzz file that ran past its server's first minute saw the recount as a write by a refused call.
 */
const CLOCK_DRIVEN_TABLES = new Set(['job_node', 'job_lease', 'job_log_report'])

/**
 * Hashes every table listed in sqlite_master (but CLOCK_DRIVEN_TABLES), rows in primary-key order
 * (rowid, or the declared key of a WITHOUT ROWID table), with the column names, so an added or
 * removed row, a changed value or a changed schema all show. A table's AUTOINCREMENT counter
 * (its sqlite_sequence row) is part of its own checksum: a refused insert must not even burn an id,
 * and a refusal's audit row moves job_audit's counter with the row. Read in one transaction, so
 * the checksums are of one committed state.
 */
export function tableChecksums(db: Db): TableChecksums {
  return db.transaction(() => {
    const tables = db.prepare("SELECT name, sql FROM sqlite_master WHERE type = 'table' ORDER BY name").all() as { name: string; sql: string | null }[]
    const sequences = new Map<string, number>()
    if (tables.some((t) => t.name === 'sqlite_sequence')) {
      for (const row of db.prepare('SELECT name, seq FROM sqlite_sequence').all() as { name: string; seq: number }[]) sequences.set(row.name, row.seq)
    }
    const sums: TableChecksums = {}
    for (const { name, sql } of tables) {
      if (CLOCK_DRIVEN_TABLES.has(name) || name === 'sqlite_sequence') continue
      const quoted = `"${name.replaceAll('"', '""')}"`
      const statement = db.prepare(`SELECT * FROM ${quoted} ORDER BY ${orderOf(db, name, sql, quoted)}`)
      const hash = createHash('sha256')
      hash.update(JSON.stringify(statement.columns().map((c) => c.name)))
      hash.update(`seq:${sequences.get(name) ?? ''}\n`)
      let rows = 0
      for (const row of statement.raw().iterate() as Iterable<unknown[]>) {
        hash.update(JSON.stringify(row, cellReplacer))
        hash.update('\n')
        rows++
      }
      sums[name] = `${rows}:${hash.digest('hex').slice(0, 32)}`
    }
    return sums
  })()
}

function orderOf(db: Db, name: string, sql: string | null, quoted: string): string {
  if (!/WITHOUT\s+ROWID/i.test(sql ?? '')) return 'rowid'
  const columns = db.prepare(`PRAGMA table_info(${quoted})`).all() as { name: string; pk: number }[]
  const key = columns.filter((c) => c.pk > 0).sort((a, b) => a.pk - b.pk)
  if (key.length === 0) throw new Error(`table ${name} has neither rowid nor primary key`)
  return key.map((c) => `"${c.name.replaceAll('"', '""')}"`).join(', ')
}

function cellReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Uint8Array) return `blob:${Buffer.from(value).toString('hex')}`
  if (typeof value === 'bigint') return `bigint:${value}`
  return value
}

/** Names of the tables whose checksum differs (or that appeared or vanished) between two states. */
export function changedTables(before: TableChecksums, after: TableChecksums): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)])
  return [...names].filter((name) => before[name] !== after[name]).sort()
}

/**
 * Runs not finished, but those running on `quietAddresses` (executors that never call back, on
 * purpose) and those waiting in the queue for their pools' slots (they wait on purpose too).
 */
export function unfinishedRuns(db: Db, quietAddresses: readonly string[] = []): number {
  const except = quietAddresses.length === 0 ? '' : ` AND NOT (trigger_code = 200 AND executor_address IN (${quietAddresses.map(() => '?').join(', ')}))`
  return (
    db.prepare(`SELECT COUNT(*) AS n FROM job_log WHERE handle_code = 0 AND trigger_code IN (0, 200) AND queue_time = 0${except}`).get(...quietAddresses) as {
      n: number
    }
  ).n
}

/**
 * The checksums once the database stopped changing: no run left unfinished and three reads `gapMs`
 * apart agree. For after an accepted request, whose work (a run, its callback, a child run) may
 * still be committing; bounded by `timeoutMs`.
 */
export async function settledChecksums(db: Db, timeoutMs = 10_000, gapMs = 25, quietAddresses: readonly string[] = []): Promise<TableChecksums> {
  const deadline = Date.now() + timeoutMs
  let previous = tableChecksums(db)
  let stableReads = 0
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, gapMs))
    const current = tableChecksums(db)
    const busy = unfinishedRuns(db, quietAddresses) > 0
    stableReads = !busy && changedTables(previous, current).length === 0 ? stableReads + 1 : 0
    if (stableReads >= 2) return current
    if (Date.now() > deadline)
      throw new Error(
        `the database kept changing for ${timeoutMs} ms (tables ${changedTables(previous, current).join(', ') || 'none'}; unfinished runs ${unfinishedRuns(db, quietAddresses)})`,
      )
    previous = current
  }
}
