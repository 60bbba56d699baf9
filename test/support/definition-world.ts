import { join } from 'node:path'
import { afterEach, beforeEach } from 'vitest'
import { DefinitionService } from '../../src/main/definitions/files/definition-service'
import { ImportService } from '../../src/main/definitions/import-service'
import { JobService } from '../../src/main/definitions/job-service'
import { openSqliteStore } from '../../src/main/store/sqlite/open-sqlite-store'
import type { Store } from '../../src/main/store/store'
import { addGroup } from '../store/conformance/store-fixture'
import { makeTempDir } from './temp-dir'

/** A definition service over a fresh SQLite store, made before each test and closed after it. */
export interface DefinitionWorld {
  readonly store: Store
  readonly service: DefinitionService
}

/**
 * The world of a definition-file test: a temp SQLite store with the executor groups `groups`, and
 * the definition service the CLI's apply and export call, on a fixed clock and the UTC zone.
 */
export function useDefinitionWorld(prefix: string, nowMs: number, groups: readonly string[] = ['batch']): DefinitionWorld {
  let dir: ReturnType<typeof makeTempDir>
  let store: Store
  let service: DefinitionService
  beforeEach(async () => {
    dir = makeTempDir(prefix)
    store = openSqliteStore(join(dir.path, 'jobdesk.db'))
    const jobs = new JobService(store, () => nowMs)
    service = new DefinitionService(
      store,
      new ImportService(store, jobs, () => nowMs),
      jobs,
      () => 'UTC',
      () => nowMs,
    )
    for (const group of groups) await addGroup(store, group)
  })
  afterEach(async () => {
    await store.close()
    dir.remove()
  })
  return {
    get store() {
      return store
    },
    get service() {
      return service
    },
  }
}
