import { join } from 'node:path'
import { composeXxlImport } from '../../../src/main/import-xxl/compose-xxl-import'
import type { XxlImportService } from '../../../src/main/import-xxl/xxl-import-service'
import { openStore } from '../../../src/main/store/open-store'
import type { Store } from '../../../src/main/store/store'
import type { XxlImportRequest } from '../../../src/shared/xxl-import'
import { openReadOnly, tableChecksums, type TableChecksums } from '../../support/db-checksum'
import type { TestDatabase } from '../../support/db-servers'
import { makeTempDir } from '../../support/temp-dir'
import { FIXTURE_NOW_MS, FIXTURE_ZONE, xxlDatabase, type XxlFixture } from './xxl-fixture'

export interface XxlImportHarness {
  xxl: TestDatabase
  store: Store
  /** The JobDesk SQLite file. */
  file: string
  importer: XxlImportService
  /** The request of the tests: the fixture's database, its zone, the last 7 days of runs. */
  request(overrides?: Partial<XxlImportRequest>): XxlImportRequest
  /** Every JobDesk table's digest, for "this changed nothing". */
  checksums(): TableChecksums
  close(): Promise<void>
}

/** A MariaDB database loaded with `fixture` and an empty JobDesk store on a temp SQLite file, at the fixtures' "now". */
export async function startXxlImport(fixture: XxlFixture): Promise<XxlImportHarness> {
  const xxl = await xxlDatabase(fixture)
  const dir = makeTempDir()
  const file = join(dir.path, 'jobdesk.db')
  const store = await openStore(file)
  const importer = composeXxlImport(store, { nowMs: () => FIXTURE_NOW_MS, localZone: 'UTC' })
  return {
    xxl,
    store,
    file,
    importer,
    request: (overrides = {}) => ({ url: xxl.url, dryRun: false, onConflict: 'skip', withRunsDays: 7, timezone: FIXTURE_ZONE, ...overrides }),
    checksums() {
      const db = openReadOnly(file)
      try {
        return tableChecksums(db)
      } finally {
        db.close()
      }
    },
    async close() {
      await store.close()
      dir.remove()
      await xxl.drop()
    },
  }
}
