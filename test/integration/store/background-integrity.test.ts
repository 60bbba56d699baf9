import { closeSync, openSync, statSync, writeSync } from 'node:fs'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Logger } from '../../../src/main/kernel/logger'
import { spawnWorker } from '../../../src/main/kernel/spawn-worker'
import { Checkpointer } from '../../../src/main/store/checkpointer'
import { DatabaseOpenError, openDatabase } from '../../../src/main/store/open-database'
import { makeTempDir } from '../../support/temp-dir'

let dir: ReturnType<typeof makeTempDir>
beforeEach(() => (dir = makeTempDir()))
afterEach(() => dir.remove())

const PAGE_BYTES = 4096

/** A JobDesk database whose header and schema are sound but one of whose last pages is garbage. */
function damagedDatabase(): string {
  const file = `${dir.path}/jobdesk.db`
  const db = openDatabase(file)
  db.exec('CREATE TABLE filler (id INTEGER PRIMARY KEY, x TEXT)')
  const insert = db.prepare('INSERT INTO filler (id, x) VALUES (?, ?)')
  db.transaction(() => {
    for (let i = 1; i <= 2000; i++) insert.run(i, 'x'.repeat(200))
  })()
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  const fd = openSync(file, 'r+')
  writeSync(fd, Buffer.alloc(PAGE_BYTES, 0xab), 0, PAGE_BYTES, statSync(file).size - 3 * PAGE_BYTES)
  closeSync(fd)
  return file
}

describe("the start's integrity check", () => {
  it('refuses a damaged file at open by default', () => {
    const file = damagedDatabase()
    expect(() => openDatabase(file)).toThrow(DatabaseOpenError)
    expect(() => openDatabase(file)).toThrow(/corrupt/)
  })

  it('left to the checkpoint thread, still names the damaged file in an error line', async () => {
    const file = damagedDatabase()
    const db = openDatabase(file, { quickCheck: false })
    let reported!: (message: string) => void
    const errorLine = new Promise<string>((resolve) => (reported = resolve))
    const logger: Logger = { debug() {}, info() {}, warn() {}, error: (message) => reported(message) }
    const checkpointer = new Checkpointer(db, spawnWorker, { file, periodMs: 60_000, quickCheck: true }, logger)
    try {
      const message = await errorLine
      expect(message).toContain(file)
      expect(message).toMatch(/corrupt or not a JobDesk database|is corrupt/)
      expect(message).toContain('restore it from a backup')
    } finally {
      await checkpointer.stop()
      db.close()
    }
  }, 30_000)
})
