import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import { openSqliteStore } from '../../src/main/store/sqlite/open-sqlite-store'
import type { SqliteStore } from '../../src/main/store/sqlite/sqlite-store'

/**
 * A fresh SQLite store in a temp folder for every test of the file that calls this (at its top
 * level): opened before each test, closed and removed after. Read `.store` inside a test.
 */
export function freshSqliteStore(): { readonly store: SqliteStore } {
  let dir = ''
  let store: SqliteStore | null = null
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'jobdesk-store-'))
    store = openSqliteStore(join(dir, 'jobdesk.db'))
  })
  afterEach(async () => {
    await store?.close()
    store = null
    rmSync(dir, { recursive: true, force: true })
  })
  return {
    get store() {
      if (!store) throw new Error('freshSqliteStore: the store exists only inside a test')
      return store
    },
  }
}
