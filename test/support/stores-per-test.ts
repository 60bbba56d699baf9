import { afterEach, beforeEach } from 'vitest'
import { openStore } from '../../src/main/store/open-store'
import type { Store } from '../../src/main/store/store'
import { withDatabase, type TestDatabase, type TestEngine } from './db-servers'

export interface StoresPerTest {
  /** This test's database (read inside a test or its hooks). */
  readonly database: TestDatabase
  /** Opens one more store on it: one node's, or the test's own. */
  open(): Promise<Store>
}

/**
 * A fresh database of `engine` for each test of the calling `describe`, and the stores the test
 * opens on it: closed, and the database dropped, after the test.
 */
export function storesPerTest(engine: TestEngine): StoresPerTest {
  let database: TestDatabase | null = null
  const stores: Store[] = []
  beforeEach(async () => {
    database = await withDatabase(engine)
  })
  afterEach(async () => {
    await Promise.allSettled(stores.splice(0).map((store) => store.close()))
    await database?.drop()
    database = null
  })
  return {
    get database(): TestDatabase {
      if (database === null) throw new Error('storesPerTest: the database exists only inside a test')
      return database
    },
    async open(): Promise<Store> {
      const store = await openStore(this.database.url)
      stores.push(store)
      return store
    },
  }
}
