import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { JobService } from '../../../src/main/definitions/job-service'
import { ensureEmbeddedGroup } from '../../../src/main/definitions/seed-demo'
import { PRE_READ_MS } from '../../../src/main/scheduler/plan-scan'
import { openSqliteStore } from '../../../src/main/store/sqlite/open-sqlite-store'
import type { SqliteStore } from '../../../src/main/store/sqlite/sqlite-store'
import { jobInput } from '../../support/job-input'
import { crashAfterScan, restartedNode } from '../../support/stale-ring'
import { makeTempDir } from '../../support/temp-dir'

/**
 * Issue 9, finding 6: FIRE_ONCE_NOW fired twice for one outage when more jobs had stale ring rows
 * than one scan reads (the stale read was split across scans and each planned its own misfire).
 * The stale rows are left as a dead process leaves them: a real scheduler plans a scan and is
 * killed (test/support/scan-then-die.ts) before firing; JobDesk comes back a minute later.
 */
const T0 = Math.floor(Date.now() / 1000) * 1000
const RESTART_MS = T0 + 60_000

let dir: ReturnType<typeof makeTempDir>
let file: string
let store: SqliteStore
beforeEach(() => {
  dir = makeTempDir('jobdesk-misfire-')
  file = join(dir.path, 'jobdesk.db')
  store = openSqliteStore(file)
})
afterEach(async () => {
  await store.close()
  dir.remove()
})

/** `count` FIRE_ONCE_NOW jobs firing every second from T0+1s, running. */
async function everySecondJobs(count: number): Promise<number[]> {
  const group = await ensureEmbeddedGroup(store.groups, T0)
  const jobs = new JobService(store, () => T0)
  const ids: number[] = []
  for (let i = 0; i < count; i++) {
    const job = await jobs.save(jobInput(group, { name: `misfire ${i}`, scheduleConf: '* * * * * ?', misfireStrategy: 'FIRE_ONCE_NOW' }))
    await store.jobs.setTrigger(job.id, 1, 0, T0 + 1000, T0)
    ids.push(job.id)
  }
  return ids
}

/** The restarted scheduler scans (at one instant) until nothing is due and no stale row is left. */
async function scanUntilDone(scanBatchSize?: number): Promise<number> {
  const node = restartedNode(store, RESTART_MS, scanBatchSize)
  await node.join()
  let scans = 0
  for (; scans < 500; scans++) {
    const result = await node.scheduler.scanOnce(RESTART_MS)
    await node.settled()
    if (result.readCount === 0 && staleRingRows() === 0) return scans + 1
  }
  throw new Error('the scans never finished the stale ring rows')
}

/** Ring rows a scan at RESTART_MS counts as left behind (more than the pre-read window late). */
function staleRingRows(): number {
  return (store.db.prepare('SELECT COUNT(*) AS n FROM job_ring WHERE fire_at < ?').get(RESTART_MS - PRE_READ_MS) as { n: number }).n
}

function misfireRunsPerJob(jobIds: number[]): Map<number, number> {
  const rows = store.db.prepare("SELECT job_id, COUNT(*) AS n FROM job_log WHERE trigger_type = 'MISFIRE' GROUP BY job_id").all() as {
    job_id: number
    n: number
  }[]
  const counts = new Map(jobIds.map((id) => [id, 0]))
  for (const row of rows) counts.set(row.job_id, row.n)
  return counts
}

describe('FIRE_ONCE_NOW after an outage', () => {
  it('fires once per job when the stale rows span more scans than one (scan batch 7, 12 jobs × 5 rows)', async () => {
    const jobIds = await everySecondJobs(12)
    await crashAfterScan(file, T0)
    expect(await store.ring.count()).toBe(60)
    expect(await scanUntilDone(7)).toBeGreaterThan(1)
    const counts = misfireRunsPerJob(jobIds)
    expect(
      [...counts.entries()].filter(([, n]) => n !== 1),
      'jobs (id, MISFIRE runs) that did not fire exactly once',
    ).toEqual([])
    expect(store.db.prepare("SELECT COUNT(*) AS n FROM job_log WHERE trigger_type = 'CRON'").get()).toEqual({ n: 0 })
  })

  it('fires once per job with the default scan batch when more than 200 jobs have stale rows', async () => {
    const jobIds = await everySecondJobs(230)
    await crashAfterScan(file, T0)
    expect(await store.ring.count()).toBe(230 * 5)
    await scanUntilDone()
    const counts = misfireRunsPerJob(jobIds)
    expect([...counts.values()].filter((n) => n !== 1).length, 'jobs that did not fire exactly once').toBe(0)
  })
})
