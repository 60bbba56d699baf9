/**
 * JobDesk on a database server, end to end: the core as `npm run serve -- --database URL` starts it
 * (demo jobs seeded on the server's database, fired by the scheduler, run by the embedded executor,
 * their run rows on the server), and headless mode itself as a process given `--database`.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { assembleCore, type CoreParts } from '../../src/main/app/core'
import { ManualClock } from '../../src/main/kernel/clock'
import { silentLogger } from '../../src/main/kernel/logger'
import { openStore } from '../../src/main/store/open-store'
import type { Store } from '../../src/main/store/store'
import { EMBEDDED_APP_NAME, type JobRun } from '../../src/shared/model'
import { withDatabase, type TestDatabase } from '../support/db-servers'
import { startHeadlessChild } from '../support/headless-child'
import { makeTempDir } from '../support/temp-dir'
import { waitFor } from '../support/wait-for'
import { addJob } from './conformance/store-fixture'

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function serverDatabase(engine: 'postgres' | 'mysql'): Promise<TestDatabase> {
  const database = await withDatabase(engine)
  cleanups.push(() => database.drop())
  return database
}

async function storeOn(database: TestDatabase): Promise<Store> {
  const store = await openStore(database.url)
  cleanups.push(() => store.close())
  return store
}

/**
 * Steps the clock a second at a time, each step once every loop of the core sleeps again: on a
 * server the loops' statements take real time, and a step taken while a scan is still reading would
 * leave it planning for a second already gone.
 */
async function stepSeconds(clock: ManualClock, seconds: number, loops: number): Promise<void> {
  for (let i = 0; i < seconds; i++) {
    await clock.advance(1000)
    await waitFor('the core to settle after a step', () => clock.sleeperCount >= loops)
  }
}

/**
 * The first `count` finished runs of a job (scheduled up to `upToMs`) as the database holds them,
 * read by another node's store, by scheduled time. Not by id: on a server engine two fire batches
 * commit on two pooled connections at once, so a later second's row may get the lower id. With a
 * clock, time goes on while they finish (a quarter second a look): the executor's own timers
 * (callback retries, log spills) run on it too.
 */
async function finishedRuns(store: Store, jobId: number, count: number, clock?: ManualClock, upToMs = Infinity): Promise<JobRun[]> {
  return waitFor(
    `${count} finished runs of job ${jobId}`,
    async () => {
      const runs = (await store.runs.list({ jobId, limit: 100 }))
        .filter((r) => (r.scheduleTimeMs ?? r.triggerTimeMs) <= upToMs)
        .sort((a, b) => (a.scheduleTimeMs ?? a.triggerTimeMs) - (b.scheduleTimeMs ?? b.triggerTimeMs) || a.id - b.id)
        .slice(0, count)
      if (runs.length === count && runs.every((r) => r.handleCode !== 0)) return runs
      await clock?.advance(250)
      return false
    },
    60_000,
  )
}

describe.each(['postgres', 'mysql'] as const)('JobDesk on %s', (engine) => {
  it('seeds the demo jobs on the server database and fires the 2-second one on schedule', async () => {
    const database = await serverDatabase(engine)
    const dir = makeTempDir()
    cleanups.push(() => dir.remove())
    const t0 = Date.UTC(2026, 10, 30, 8, 0, 0)
    const clock = new ManualClock(t0)
    const core: CoreParts = await assembleCore({ dataDir: dir.path, database: database.url, clock, logger: silentLogger, mode: 'headless' })
    cleanups.push(() => core.stop())
    expect(core.store.engine).toBe(engine)
    expect(core.store.location).not.toContain(new URL(database.url).password)

    const demo = (await core.api.listJobs()).find((j) => j.name === 'Demo: hello every 2 seconds')!
    expect(demo).toMatchObject({ scheduleConf: '0/2 * * * * ?', triggerStatus: 1 })
    const loops = await waitFor('the core to start its loops', () => clock.sleeperCount > 0 && clock.sleeperCount)
    await stepSeconds(clock, 10, loops)

    const node = await storeOn(database)
    const fires = (demo.triggerNextTimeMs - t0) / 1000
    const expected = Array.from({ length: Math.floor((10 - fires) / 2) + 1 }, (_, i) => demo.triggerNextTimeMs + i * 2000)
    const runs = await finishedRuns(node, demo.id, expected.length, clock, expected[expected.length - 1])
    expect(runs.map((r) => r.scheduleTimeMs)).toEqual(expected)
    expect(runs.map((r) => [r.triggerType, r.triggerCode, r.handleCode])).toEqual(expected.map(() => ['CRON', 200, 200]))
    expect(runs[0].executorAddress).toMatch(/^jobdesk:\/\/embedded\//)
    const log = await core.api.getRunLog({ logId: runs[0].id, fromLineNum: 1 })
    expect(log.logContent).toContain('hello from JobDesk')
  }, 180_000)

  it('runs as `serve --database URL`: a job another node writes is fired and its run lands on the server', async () => {
    const database = await serverDatabase(engine)
    const serve = await startHeadlessChild({ extraArgs: ['--database', database.url] })
    cleanups.push(() => serve.dispose())
    expect(serve.output()).not.toContain(new URL(database.url).password)

    const node = await storeOn(database)
    const group = (await node.groups.findByAppName(EMBEDDED_APP_NAME))!
    expect(group).toBeDefined()
    const dueNow = Date.now()
    const job = await addJob(
      node,
      group.id,
      { name: 'written by another node', scheduleType: 'FIX_RATE', scheduleConf: '3600', executorParam: 'from the test' },
      { nextMs: dueNow },
    )
    const [run] = await finishedRuns(node, job, 1)
    expect(run).toMatchObject({ jobId: job, triggerType: 'CRON', triggerCode: 200, handleCode: 200, executorParam: 'from the test', scheduleTimeMs: dueNow })
    // The scan moved the job's next fire on (from the fire it took), in the shared database.
    const next = (await node.jobs.get(job))!
    expect(next.triggerLastTimeMs).toBe(dueNow)
    expect(next.triggerNextTimeMs).toBeGreaterThan(dueNow + 3_000_000)
    expect(serve.alive()).toBe(true)
  }, 180_000)
})
