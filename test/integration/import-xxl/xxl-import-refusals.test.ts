import { afterEach, describe, expect, it } from 'vitest'
import { ImportService } from '../../../src/main/definitions/import-service'
import { JobService } from '../../../src/main/definitions/job-service'
import { XxlImportService } from '../../../src/main/import-xxl/xxl-import-service'
import type { Store } from '../../../src/main/store/store'
import { ValidationError } from '../../../src/shared/errors'
import { withDatabase, type TestDatabase } from '../../support/db-servers'
import { freePort } from '../../support/free-port'
import { FIXTURE_NOW_MS, runSql } from './xxl-fixture'
import { startXxlImport, type XxlImportHarness } from './xxl-import-harness'

/** A store whose transactions hand out a runs repository that fails on its first write: a failure half-way. */
function failingRunWrites(store: Store): Store {
  return new Proxy(store, {
    get(target, key, receiver) {
      if (key !== 'transaction') return Reflect.get(target, key, receiver)
      return <T>(work: (tx: Store) => Promise<T>) =>
        target.transaction((tx) => {
          const runs = new Proxy(tx.runs, {
            get: (repo, name, r) => (name === 'insertFinished' ? () => Promise.reject(new Error('disk full')) : Reflect.get(repo, name, r)),
          })
          return work(new Proxy(tx, { get: (t, name, r) => (name === 'runs' ? runs : Reflect.get(t, name, r)) }) as Store)
        })
    },
  })
}

describe('an import from XXL-JOB that cannot go through', () => {
  let h: XxlImportHarness | undefined
  let other: TestDatabase | undefined
  afterEach(async () => {
    await h?.close()
    await other?.drop()
    h = other = undefined
  })

  it('fails half-way (writing runs after the jobs) and leaves JobDesk exactly as it was', async () => {
    h = await startXxlImport('xxl-job-2.4')
    const before = h.checksums()
    const store = failingRunWrites(h.store)
    const nowMs = () => FIXTURE_NOW_MS
    const runsOnlyOnJobDesk = async () => false
    const jobs = new JobService(store, nowMs, runsOnlyOnJobDesk)
    const importer = new XxlImportService({ store, imports: new ImportService(store, jobs, nowMs), nowMs, localZone: 'UTC', runsOnlyOnJobDesk })
    await expect(importer.run(h.request())).rejects.toThrow('disk full')
    expect(h.checksums()).toEqual(before)
    expect(await h.store.jobs.list()).toEqual([])
  })

  it('refuses a database that is not XXL-JOB, naming what it lacks, and writes nothing', async () => {
    h = await startXxlImport('xxl-job-2.4')
    other = await withDatabase('mysql')
    await runSql(other, 'CREATE TABLE xxl_job_group (id int PRIMARY KEY, app_name varchar(64))')
    const before = h.checksums()
    const error = await h.importer.run(h.request({ url: other.url })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ValidationError)
    expect(error).toMatchObject({ field: 'url', code: 'xxl.notXxl' })
    expect((error as ValidationError).params.missing).toContain('xxl_job_group.address_type')
    expect((error as ValidationError).params.missing).toContain('table xxl_job_info')
    expect(h.checksums()).toEqual(before)
  })

  it('says it cannot reach the database, without the password', async () => {
    h = await startXxlImport('xxl-job-2.4')
    const url = `mysql://xxl:s3cret-pw@127.0.0.1:${await freePort()}/xxl_job`
    const error = await h.importer.run(h.request({ url })).catch((e: unknown) => e)
    expect(error).toMatchObject({ field: 'url', code: 'xxl.unreachable' })
    expect((error as Error).message).toContain('mysql://xxl@127.0.0.1:')
    expect(JSON.stringify(error) + (error as Error).message).not.toContain('s3cret-pw')
  })

  it('says a wrong password is refused, and does not echo it', async () => {
    h = await startXxlImport('xxl-job-2.4')
    const url = new URL(h.xxl.url)
    url.password = 'not-the-password'
    const error = await h.importer.run(h.request({ url: url.toString() })).catch((e: unknown) => e)
    expect(error).toMatchObject({ field: 'url', code: 'xxl.unreachable' })
    expect((error as Error).message).toMatch(/Access denied/i)
    expect((error as Error).message).not.toContain('not-the-password')
  })
})
