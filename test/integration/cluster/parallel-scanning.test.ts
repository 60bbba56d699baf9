import { describe, expect, it } from 'vitest'
import type { Store } from '../../../src/main/store/store'
import { startTsProcess } from '../../support/child-process'
import { databaseNumber, databaseRows } from '../../support/database-rows'
import { ENGINES, type TestEngine } from '../../support/db-servers'
import { plantEverySecondJobs } from '../../support/every-second-jobs'
import { storesPerTest } from '../../support/stores-per-test'
import { schedulingNode, type SchedulingNode } from '../../support/scheduling-node'

const T0 = 1_767_225_600_000 // 2026-01-01T00:00:00Z, on a second

const everySecondJobs = (store: Store, count: number, nextMs: number) => plantEverySecondJobs(store, count, nextMs, T0)

/**
 * Both nodes' second at once on a server engine, where their scans race for rows. On SQLite the
 * nodes take turns page by page: its nodes are processes on one file, and two connections of one
 * process would wait on each other's lock synchronously (better-sqlite3 blocks the thread).
 */
async function eachSecond(nodes: SchedulingNode[], atMs: number, engine: TestEngine): Promise<void> {
  if (engine !== 'sqlite') return void (await Promise.all(nodes.map((node) => node.second(atMs))))
  for (const node of nodes) await node.enterSecond(atMs)
  let scanning = [...nodes]
  while (scanning.length > 0) {
    const full: SchedulingNode[] = []
    for (const node of scanning) if (await node.scanPage(atMs)) full.push(node)
    scanning = full
  }
  for (const node of nodes) await node.finishSecond(atMs)
}

describe.each(ENGINES)('cluster scheduling on %s', (engine) => {
  const db = storesPerTest(engine)
  const open = () => db.open()

  it.each([2, 3])(
    '%i nodes scanning at once fire 1,000 every-second jobs for 20 s: every second of every job once, none twice, the work shared',
    async (count) => {
      const jobs = 1000
      // Several node leases (3 s) and ring windows (5 s) long: 19,000 fires each node may race for.
      const seconds = 20
      const first = await open()
      await everySecondJobs(first, jobs, T0 + 1000)
      // A page smaller than the due set, so each scan leaves rows for the other nodes' scans.
      const nodes = [schedulingNode(first, 'node-0', T0, 250)]
      for (let i = 1; i < count; i++) nodes.push(schedulingNode(await open(), `node-${i}`, T0, 250))
      // A join is a transaction: on SQLite two connections of one process take turns (see eachSecond).
      if (engine === 'sqlite') for (const node of nodes) await node.join()
      else await Promise.all(nodes.map((node) => node.join()))

      for (let s = 0; s < seconds; s++) await eachSecond(nodes, T0 + s * 1000, engine)

      const lastMs = T0 + (seconds - 1) * 1000
      const counted = await databaseRows<{ n: unknown; k: unknown }>(
        db.database,
        `SELECT n, COUNT(*) AS k FROM (SELECT COUNT(*) AS n FROM job_log WHERE schedule_time <= ${lastMs} GROUP BY job_id, schedule_time) per_fire GROUP BY n`,
      )
      // Every (job, second) has exactly one run: no count other than 1 appears.
      expect(counted.map((row) => ({ n: Number(row.n), k: Number(row.k) }))).toEqual([{ n: 1, k: jobs * (seconds - 1) }])
      expect(await databaseNumber(db.database, `SELECT COUNT(*) FROM job_log WHERE trigger_type <> 'CRON'`)).toBe(0)
      // Fired on time: each run's trigger time is its scheduled second (the ring's tick, or the scan of that second).
      expect(await databaseNumber(db.database, `SELECT COUNT(*) FROM job_log WHERE schedule_time <= ${lastMs} AND trigger_time > schedule_time`)).toBe(0)
      const shares = nodes.map((node) => node.runsWritten())
      const total = shares.reduce((sum, n) => sum + n, 0)
      expect(total).toBeGreaterThanOrEqual(jobs * (seconds - 1))
      // Every node did a real share of the work (each at least a tenth of an even share).
      for (const share of shares) expect(share).toBeGreaterThan(total / count / 10)
    },
    600_000,
  )

  it('a node killed with -9 mid-window loses its lease; another node fires its planned fires within 5 s, each once', async () => {
    const store = await open()
    await everySecondJobs(store, 200, T0 + 1000)
    const survivor = schedulingNode(store, 'node-a', T0)
    await survivor.join()
    const doomed = startTsProcess('test/support/node-scan-then-die.ts', [db.database.url, 'node-doomed', String(T0)])
    await doomed.waitForLine(/planned \d+/)
    expect(await doomed.exited).toBe('SIGKILL')
    const planned = await databaseNumber(db.database, `SELECT COUNT(*) FROM job_ring WHERE node_id = 'node-doomed'`)
    expect(planned).toBe(200 * 5)

    for (let s = 1; s <= 8; s++) await survivor.second(T0 + s * 1000)

    // Each fire the dead node planned (T0+1 s … T0+5 s) ran once, at most 5 s after the node died at T0.
    const runs = await databaseRows<{ schedule_time: unknown; n: unknown; last: unknown }>(
      db.database,
      `SELECT schedule_time, COUNT(*) AS n, MAX(trigger_time) AS last FROM job_log WHERE schedule_time <= ${T0 + 5000} GROUP BY schedule_time ORDER BY schedule_time`,
    )
    expect(runs.map((r) => ({ at: Number(r.schedule_time) - T0, n: Number(r.n) }))).toEqual([1, 2, 3, 4, 5].map((s) => ({ at: s * 1000, n: 200 })))
    expect(Math.max(...runs.map((r) => Number(r.last)))).toBeLessThanOrEqual(T0 + 5000)
    expect(await databaseNumber(db.database, `SELECT COUNT(*) FROM (SELECT job_id FROM job_log GROUP BY job_id, schedule_time HAVING COUNT(*) > 1) dup`)).toBe(
      0,
    )
    expect(await databaseNumber(db.database, `SELECT COUNT(*) FROM job_ring WHERE node_id = 'node-doomed'`)).toBe(0)
    expect(await databaseNumber(db.database, `SELECT COUNT(*) FROM job_node WHERE node_id = 'node-doomed'`)).toBe(0)
  }, 300_000)
})
