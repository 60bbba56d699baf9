import { expect, it } from 'vitest'
import { LATEST_SCHEMA_VERSION, MIGRATIONS } from '../../../src/main/store/migrations'
import { migrate } from '../../../src/main/store/open-database'
import { openStore } from '../../../src/main/store/open-store'
import type { Store } from '../../../src/main/store/store'
import { onServer, withDatabase, type TestDatabase } from '../../support/db-servers'
import { sqliteDb } from '../../support/sqlite-db'
import { addGroup, addJob, storeSuite, T0, type StoreFixture } from './store-fixture'

/** The schema version a server database records, or SQLite's user_version. */
async function versionOf(f: StoreFixture): Promise<number> {
  if (f.engine === 'sqlite') return sqliteDb(f.store).pragma('user_version', { simple: true }) as number
  const rows = (await onServer(f.database, 'SELECT MAX(version) AS v FROM jobdesk_schema')) as { v: number | string }[]
  return Number(rows[0].v)
}

async function writtenByNewerJobDesk(f: StoreFixture, database: TestDatabase): Promise<void> {
  if (f.engine === 'sqlite') {
    await f.store.close()
    const { default: Database } = await import('better-sqlite3')
    const db = new Database(database.url)
    db.pragma(`user_version = ${LATEST_SCHEMA_VERSION + 1}`)
    db.close()
  } else {
    await onServer(database, `INSERT INTO jobdesk_schema (version, description, applied_at) VALUES (${LATEST_SCHEMA_VERSION + 1}, 'from the future', 0)`)
  }
}

storeSuite('migrations', (f) => {
  // The schema each engine builds, fresh and upgraded, is compared in schema-conformance.test.ts.
  it('records the latest version', async () => {
    expect(await versionOf(f)).toBe(LATEST_SCHEMA_VERSION)
  })

  it('opens a migrated database again without changing it, also from two nodes starting at once', async () => {
    const group = await addGroup(f.store)
    const job = await addJob(f.store, group, { name: 'kept' })
    await f.store.close()
    const stores: Store[] = []
    try {
      if (f.engine === 'sqlite') stores.push(await openStore(f.database.url), await openStore(f.database.url))
      else stores.push(...(await Promise.all([openStore(f.database.url), openStore(f.database.url)])))
      f.store = stores[0]
      expect((await stores[1].jobs.get(job))?.name).toBe('kept')
      expect(await versionOf(f)).toBe(LATEST_SCHEMA_VERSION)
      if (f.engine !== 'sqlite') {
        const rows = (await onServer(f.database, 'SELECT version FROM jobdesk_schema ORDER BY version')) as { version: number }[]
        const versions = rows.map((r) => Number(r.version))
        expect(new Set(versions).size).toBe(versions.length)
        expect(versions.at(-1)).toBe(LATEST_SCHEMA_VERSION)
      }
    } finally {
      await stores[1]?.close()
    }
  })

  it('keys the names of an older database without case: of names differing only in case, the local account keeps the name', async () => {
    const rows = [
      ['Alice', 'ldap', 'uid=Alice'],
      ['alice', 'local', ''],
      ['ALICE', 'oidc', 'https://idp 1'],
      ['bob', 'local', ''],
      ['Bob', 'ldap', 'uid=Bob'],
      ['Carol', 'ldap', 'uid=Carol'],
      ['CAROL', 'oidc', 'https://idp 2'],
    ]
    const insert = `INSERT INTO job_user (name, password_hash, role, group_ids, must_change_password, disabled, source, directory_id, add_time, update_time) VALUES ${rows
      .map(([name, source, directoryId]) => `('${name}', '', 'viewer', '', 0, 0, '${source}', '${directoryId}', ${T0}, ${T0})`)
      .join(', ')}`
    const keyed = MIGRATIONS.find((m) => m.description.startsWith('user names keyed without case'))!.version
    await f.store.close()
    let url = f.database.url
    if (f.engine === 'sqlite') {
      // A file as JobDesk left it at the version before, beside the fixture's own.
      url = url.replace(/\.db$/, '-older.db')
      const { default: Database } = await import('better-sqlite3')
      const db = new Database(url)
      migrate(db, keyed - 1)
      db.exec(insert)
      db.close()
    } else {
      // The step not yet recorded: the rows (without keys) are what it finds, and it runs again.
      await onServer(f.database, `DELETE FROM jobdesk_schema WHERE version >= ${keyed}`)
      await onServer(f.database, insert)
    }
    f.store = await openStore(url)
    expect(await versionOf(f)).toBe(LATEST_SCHEMA_VERSION)
    const found = async (name: string) => {
      const user = await f.store.users.findByName(name)
      return user && [user.name, user.source]
    }
    expect(await found('ALICE')).toEqual(['alice', 'local'])
    expect(await found('BOB')).toEqual(['bob', 'local'])
    // No local account among them: the oldest row keeps the name.
    expect(await found('carol')).toEqual(['Carol', 'ldap'])
    // The others stay, found by their directory id; by name nobody signs in as them.
    expect(await f.store.users.list()).toHaveLength(rows.length)
    expect(await f.store.users.findByDirectoryId('oidc', 'https://idp 1')).toMatchObject({ name: 'ALICE' })
  })

  it('refuses a database a newer JobDesk wrote, and changes nothing in it', async () => {
    await addJob(f.store, await addGroup(f.store))
    await writtenByNewerJobDesk(f, f.database)
    await expect(openStore(f.database.url)).rejects.toThrow(
      `written by a newer JobDesk (schema version ${LATEST_SCHEMA_VERSION + 1}; this one knows up to ${LATEST_SCHEMA_VERSION})`,
    )
    if (f.engine !== 'sqlite') expect(await onServer(f.database, 'SELECT id FROM job_info')).toHaveLength(1)
  })
})

storeSuite(
  'migrations on a shared server',
  (f) => {
    it('refuses a database holding a job_info table JobDesk did not create', async () => {
      const foreign = await withDatabase(f.engine)
      try {
        await onServer(foreign, 'CREATE TABLE job_info (id INTEGER PRIMARY KEY, author VARCHAR(64))')
        await expect(openStore(foreign.url)).rejects.toThrow(/holds a job_info table that JobDesk did not create/)
        expect(await onServer(foreign, 'SELECT * FROM job_info')).toEqual([])
      } finally {
        await foreign.drop()
      }
    })

    it('runs a step again when a stopped run applied its statements but did not record it (an index already dropped)', async () => {
      const dropped = MIGRATIONS.find((m) => m.description.startsWith('the ring of planned fires without its node index'))!.version
      await f.store.close()
      await onServer(f.database, `DELETE FROM jobdesk_schema WHERE version >= ${dropped}`)
      f.store = await openStore(f.database.url)
      expect(await versionOf(f)).toBe(LATEST_SCHEMA_VERSION)
    })
  },
  ['postgres', 'mysql'],
)
