import { execFileSync } from 'node:child_process'
import { chmodSync, writeFileSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { LATEST_SCHEMA_VERSION } from '../../../src/main/store/migrations'
import { DatabaseOpenError, openDatabase } from '../../../src/main/store/open-database'
import { makeTempDir } from '../../support/temp-dir'

let dir: ReturnType<typeof makeTempDir>
beforeEach(() => (dir = makeTempDir()))
afterEach(() => dir.remove())

describe('openDatabase', () => {
  it('creates the schema with WAL, synchronous=NORMAL and a 5 s busy timeout', () => {
    const db = openDatabase(`${dir.path}/jobdesk.db`)
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(db.pragma('synchronous', { simple: true })).toBe(1) // NORMAL
    expect(db.pragma('busy_timeout', { simple: true })).toBeGreaterThanOrEqual(5000)
    expect(db.pragma('user_version', { simple: true })).toBe(LATEST_SCHEMA_VERSION)
    const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name)
    for (const table of ['job_group', 'job_info', 'job_log', 'job_logglue', 'job_registry', 'job_log_report']) {
      expect(tables).toContain(table)
    }
    db.close()
  })

  it('refuses a file that is not a database, saying so', () => {
    const file = `${dir.path}/jobdesk.db`
    writeFileSync(file, 'this is not a database, just text that someone saved here by mistake'.repeat(100))
    expect(() => openDatabase(file)).toThrow(DatabaseOpenError)
    expect(() => openDatabase(file)).toThrow(/corrupt or not a JobDesk database/)
  })

  it('refuses a database from a newer JobDesk', () => {
    const file = `${dir.path}/jobdesk.db`
    const db = openDatabase(file)
    db.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`)
    db.close()
    expect(() => openDatabase(file)).toThrow(/written by a newer JobDesk \(schema version \d+; this one knows up to \d+\)/)
  })

  it('refuses a read-only database with a clear message', () => {
    const file = `${dir.path}/jobdesk.db`
    openDatabase(file).close()
    makeReadOnly(file)
    try {
      expect(() => openDatabase(file)).toThrow(DatabaseOpenError)
      expect(() => openDatabase(file)).toThrow(/is read-only/)
    } finally {
      makeWritable(file)
    }
  })
})

// Root ignores file modes, so as root the file is made immutable instead (ext4's chattr +i).
const asRoot = process.getuid?.() === 0

function makeReadOnly(file: string): void {
  if (asRoot) execFileSync('chattr', ['+i', file])
  else chmodSync(file, 0o444)
}

function makeWritable(file: string): void {
  if (asRoot) execFileSync('chattr', ['-i', file])
  else chmodSync(file, 0o644)
}
