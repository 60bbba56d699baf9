import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MysqlConnection } from '../../src/main/store/mysql/mysql-connection'
import { openStore } from '../../src/main/store/open-store'
import type { Store } from '../../src/main/store/store'
import { withDatabase, type TestDatabase } from '../support/db-servers'
import { newRun } from '../support/new-run'

// What MySQL's batched run writes send (mysql/mysql-run-writes.ts): a count of statements, not a
// timing. What they write is the conformance suite's (conformance/runs.test.ts, on every engine).

/** The statements on job_log that `work` sent through the store's connections. */
async function jobLogStatements(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = []
  const count = (sql: string) => void (/\bjob_log\b/.test(sql) && sent.push(sql.trim().split(/\s+/)[0]))
  const run = vi.spyOn(MysqlConnection.prototype, 'run').mockImplementation(function (this: MysqlConnection, sql, params) {
    count(sql)
    return originalRun.call(this, sql, params)
  })
  const all = vi.spyOn(MysqlConnection.prototype, 'all').mockImplementation(function (this: MysqlConnection, sql, params) {
    count(sql)
    return originalAll.call(this, sql, params) as never
  })
  try {
    await work()
  } finally {
    run.mockRestore()
    all.mockRestore()
  }
  return sent
}
const originalRun = MysqlConnection.prototype.run
const originalAll = MysqlConnection.prototype.all

describe('MySQL writes of a batch of run results', () => {
  let database: TestDatabase
  let store: Store

  beforeAll(async () => {
    database = await withDatabase('mysql')
    store = await openStore(database.url)
  })
  afterAll(async () => {
    await store?.close()
    await database?.drop()
  })

  async function runs(count: number): Promise<number[]> {
    const ids: number[] = []
    for (let i = 0; i < count; i++) ids.push((await store.runs.insert(newRun({ jobId: 1 + (i % 3) })))!)
    return ids
  }
  const completionOf = (logId: number) => ({ logId, handleCode: 200, handleMsg: `done ${logId}`, handleTimeMs: 1_000 + logId })
  const pairOf = (logId: number) => ({
    outcome: { logId, executorAddress: 'http://127.0.0.1:9999/', triggerCode: 200, triggerMsg: `ok ${logId}` },
    completion: completionOf(logId),
  })

  it('in a transaction: a locking read and one UPDATE per 64 runs, for completions and for outcomes with them', async () => {
    const [completed, paired] = [await runs(150), await runs(130)]
    const sent = await jobLogStatements(() =>
      store.transaction(async (tx) => {
        expect(await tx.runs.complete(completed.map(completionOf))).toEqual(completed)
        expect([...(await tx.runs.recordOutcomesAndComplete(paired.map(pairOf)))].sort((a, b) => a - b)).toEqual(paired)
      }),
    )
    // 150 runs: 64 + 64 + 22; 130 runs: 64 + 64 + 2. Each statement's runs are read with their locks, then written.
    expect(sent).toEqual(Array.from({ length: 6 }, () => ['SELECT', 'UPDATE']).flat())
    const stored = await store.runs.getMany([completed[149], paired[129]])
    expect(stored.map((r) => [r.handleCode, r.handleMsg])).toEqual([
      [200, `done ${completed[149]}`],
      [200, `done ${paired[129]}`],
    ])
  })

  it('trigger outcomes alone: one UPDATE per 64 runs, nothing read first', async () => {
    const ids = await runs(100)
    const sent = await jobLogStatements(() =>
      store.transaction((tx) => tx.runs.recordOutcomes(ids.map((logId) => ({ logId, executorAddress: '', triggerCode: 500, triggerMsg: 'no address' })))),
    )
    expect(sent).toEqual(['UPDATE', 'UPDATE'])
    expect((await store.runs.get(ids[99]))!.triggerCode).toBe(500)
  })

  it('outside a transaction, where no lock holds: one conditional UPDATE per run', async () => {
    const ids = await runs(5)
    await store.runs.complete([completionOf(ids[0])])
    const sent = await jobLogStatements(async () => expect(await store.runs.complete(ids.map(completionOf))).toEqual(ids.slice(1)))
    expect(sent).toEqual(['UPDATE', 'UPDATE', 'UPDATE', 'UPDATE', 'UPDATE'])
  })
})
