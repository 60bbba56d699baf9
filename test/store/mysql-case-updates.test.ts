import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { MysqlConnection } from '../../src/main/store/mysql/mysql-connection'
import { CASE_ROWS_PER_STATEMENT as ROWS } from '../../src/main/store/mysql/mysql-case-updates'
import { openStore } from '../../src/main/store/open-store'
import type { Store } from '../../src/main/store/store'
import { withDatabase, type TestDatabase } from '../support/db-servers'
import { newRun } from '../support/new-run'
import { jobInput } from '../support/job-input'
import { newGroup } from '../../src/main/store/group-repo'
import { storedJobOf } from '../../src/main/store/job-repo'

// What MySQL's batched writes send (mysql/mysql-case-updates.ts): a count of statements, not a
// timing. What they write is the conformance suite's (conformance/runs.test.ts and jobs.test.ts, on
// every engine).

/** The statements on `table` (job_log unless told) that `work` sent through the store's connections, by their first word. */
async function statementsOn(work: () => Promise<unknown>, table = 'job_log'): Promise<string[]> {
  const sent: string[] = []
  const count = (sql: string) => void (new RegExp(`\\b${table}\\b`).test(sql) && sent.push(sql.trim().split(/\s+/)[0]))
  const run = vi.spyOn(MysqlConnection.prototype, 'run').mockImplementation(function (this: MysqlConnection, sql, params) {
    count(sql)
    return originalRun.call(this, sql, params)
  })
  const all = vi.spyOn(MysqlConnection.prototype, 'all').mockImplementation(function (this: MysqlConnection, sql, params) {
    count(sql)
    return originalAll.call(this, sql, params) as never
  })
  const insert = vi.spyOn(MysqlConnection.prototype, 'insert').mockImplementation(function (this: MysqlConnection, sql, params) {
    count(sql)
    return originalInsert.call(this, sql, params)
  })
  const insertRows = vi.spyOn(MysqlConnection.prototype, 'insertRows').mockImplementation(function (this: MysqlConnection, sql, params) {
    count(sql)
    return originalInsertRows.call(this, sql, params)
  })
  try {
    await work()
  } finally {
    for (const spy of [run, all, insert, insertRows]) spy.mockRestore()
  }
  return sent
}
const originalRun = MysqlConnection.prototype.run
const originalAll = MysqlConnection.prototype.all
const originalInsert = MysqlConnection.prototype.insert
const originalInsertRows = MysqlConnection.prototype.insertRows

describe('MySQL writes of a batch of run results and of a scan', () => {
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

  it('in a transaction: a locking read and one UPDATE per statement of runs, for completions and for outcomes with them', async () => {
    const [completed, paired] = [await runs(2 * ROWS + 22), await runs(2 * ROWS + 2)]
    const sent = await statementsOn(() =>
      store.transaction(async (tx) => {
        expect(await tx.runs.complete(completed.map(completionOf))).toEqual(completed)
        expect([...(await tx.runs.recordOutcomesAndComplete(paired.map(pairOf)))].sort((a, b) => a - b)).toEqual(paired)
      }),
    )
    // Three statements' worth each (the last of 22 runs, then of 2). Each statement's runs are read with their locks, then written.
    expect(sent).toEqual(Array.from({ length: 6 }, () => ['SELECT', 'UPDATE']).flat())
    const stored = await store.runs.getMany([completed.at(-1)!, paired.at(-1)!])
    expect(stored.map((r) => [r.handleCode, r.handleMsg])).toEqual([
      [200, `done ${completed.at(-1)}`],
      [200, `done ${paired.at(-1)}`],
    ])
  })

  it('trigger outcomes alone: one UPDATE per statement of runs, nothing read first', async () => {
    const ids = await runs(ROWS + 36)
    const sent = await statementsOn(() =>
      store.transaction((tx) => tx.runs.recordOutcomes(ids.map((logId) => ({ logId, executorAddress: '', triggerCode: 500, triggerMsg: 'no address' })))),
    )
    expect(sent).toEqual(['UPDATE', 'UPDATE'])
    expect((await store.runs.get(ids.at(-1)!))!.triggerCode).toBe(500)
  })

  it('outside a transaction, where no lock holds: one conditional UPDATE per run', async () => {
    const ids = await runs(5)
    await store.runs.complete([completionOf(ids[0])])
    const sent = await statementsOn(async () => expect(await store.runs.complete(ids.map(completionOf))).toEqual(ids.slice(1)))
    expect(sent).toEqual(['UPDATE', 'UPDATE', 'UPDATE', 'UPDATE', 'UPDATE'])
  })

  it("a scan's run rows: one INSERT per 500 runs and one read of the ids it took, each id its own run's", async () => {
    const already = (await store.runs.insert(newRun({ jobId: 900, triggerType: 'CRON', scheduleTimeMs: 5_000 })))!
    // 600 fires of 6 jobs; the first was written before (its id is not taken again) and one is listed twice.
    const fires = Array.from({ length: 600 }, (_, i) =>
      newRun({ jobId: 900 + (i % 6), triggerType: 'CRON', scheduleTimeMs: 5_000 + 1_000 * Math.floor(i / 6) }),
    )
    fires.push(newRun({ jobId: 905, triggerType: 'CRON', scheduleTimeMs: 5_000 }))
    let ids: (number | null)[] = []
    const sent = await statementsOn(() => store.transaction(async (tx) => void (ids = await tx.runs.insertScheduled(fires, 'node-a'))))
    expect(sent).toEqual(['INSERT', 'SELECT', 'INSERT', 'SELECT'])
    expect(ids[0]).toBeNull()
    expect(ids[600]).toBeNull()
    const fresh = ids.filter((id): id is number => id !== null)
    expect(fresh).toHaveLength(599)
    expect(fresh).not.toContain(already)
    const stored = new Map((await store.runs.getMany(fresh)).map((r) => [r.id, r]))
    ids.forEach((id, i) => {
      if (id !== null) expect(stored.get(id)).toMatchObject({ jobId: fires[i].jobId, scheduleTimeMs: fires[i].scheduleTimeMs })
    })
  })

  it("the ring's claim: a locking read and one DELETE per 256 fires, each fire taken once and only the node's", async () => {
    const fires = Array.from({ length: 600 }, (_, i) => ({
      jobId: 7_000 + (i % 50),
      scheduleTimeMs: 10_000 + 1_000 * Math.floor(i / 50),
      fireAtMs: 0,
      triggerType: 'CRON' as const,
    }))
    await store.ring.insert(fires.slice(0, 590), 'node-a')
    await store.ring.insert(fires.slice(590), 'node-b')
    let claimed = new Set<string>()
    const sent = await statementsOn(() => store.transaction(async (tx) => void (claimed = await tx.ring.claimMany([...fires, fires[0]], 'node-a'))), 'job_ring')
    expect(sent).toEqual(['SELECT', 'DELETE', 'SELECT', 'DELETE', 'SELECT', 'DELETE'])
    expect(claimed.size).toBe(590)
    expect(await store.ring.countByNode()).toEqual(new Map([['node-b', 10]]))
  })

  it("a scan's next trigger times: one UPDATE per statement of jobs", async () => {
    const group = await store.groups.insert(newGroup('case-updates', 'case updates', 0))
    const ids: number[] = []
    for (let i = 0; i < 2 * ROWS + 22; i++) ids.push(await store.jobs.insert(storedJobOf(jobInput(group), 0)))
    const sent = await statementsOn(
      () =>
        store.transaction((tx) =>
          tx.jobs.writeNextTimes(ids.map((id) => ({ id, triggerStatus: 1, triggerLastTimeMs: 1_000, triggerNextTimeMs: 2_000, triggerHeldTimeMs: 0 }))),
        ),
      'job_info',
    )
    expect(sent).toEqual(['UPDATE', 'UPDATE', 'UPDATE'])
  })
})
