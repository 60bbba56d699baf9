import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ScheduleBook } from '../../../src/main/calendars/schedule-book'
import type { RingFire } from '../../../src/main/domain/fires'
import { ManualClock } from '../../../src/main/kernel/clock'
import { silentLogger } from '../../../src/main/kernel/logger'
import { simulatedTarget, simulateSchedule } from '../../../src/main/schedule/simulate'
import { Scheduler } from '../../../src/main/scheduler/scheduler'
import { newGroup } from '../../../src/main/store/group-repo'
import { storedJobOf } from '../../../src/main/store/job-repo'
import { openSqliteStore } from '../../../src/main/store/sqlite/open-sqlite-store'
import type { SqliteStore } from '../../../src/main/store/sqlite/sqlite-store'
import { MAINTENANCE_SETTING } from '../../../src/shared/calendar/maintenance'
import { jobInput } from '../../support/job-input'
import {
  FROM,
  random,
  randomJob,
  randomPause,
  randomWindows,
  schedulerFireLines,
  schedulerSkipLines,
  simulatedFireLines,
  simulatedSkipLines,
  TO,
} from '../../support/schedule-cases'
import { SOLE_FENCE } from '../../support/sole-fence'

/**
 * The whole Scheduler on a manual clock agrees with the simulator: worlds of random jobs (random
 * schedules, calendars, zones, misfire strategies) on one SQLite store each, with random
 * maintenance windows (one-off and recurring, over everything or scoped to some jobs or groups)
 * and, in one world of three, pause-all switched on mid-way and off after the end. The clock steps
 * from scan to scan (each up to 4 s late) and to each ring second; what the ring hands on is
 * claimed from `job_ring` as the trigger service claims it. Compared per job with the simulator:
 * the fires, and the slots recorded in `job_missed_slot` with their reasons. A failure prints the
 * seed, the world and the job.
 */
const SEED = Number(process.env.JOBDESK_PROPERTY_SEED ?? 20261208)
const WORLDS = Number(process.env.JOBDESK_PROPERTY_WORLDS ?? 12)
const JOBS_PER_WORLD = 100
const NODE = 'node-1'
const RESUME = TO + 3_600_000
/** How often the world is scanned while pause-all is on (see runWorld). */
const PAUSED_SCAN_STEP_MS = 3_600_000

interface World {
  store: SqliteStore
  book: ScheduleBook
  jobs: Awaited<ReturnType<typeof plant>>
  windows: Awaited<ReturnType<SqliteStore['windows']['all']>>
  pausedSinceMs: number | null
}

/** A world's jobs, calendars and windows, written to `store`; the jobs started at their first fire from FROM. */
async function plant(store: SqliteStore, next: () => number) {
  const groups = [await store.groups.insert(newGroup('app-a', 'a', FROM)), await store.groups.insert(newGroup('app-b', 'b', FROM))]
  const planted = []
  for (let n = 0; n < JOBS_PER_WORLD; n++) {
    const { job, calendar } = randomJob(next, n + 1, groups[n % 2])
    const name = `c${n + 1}`
    await store.calendars.insert({ ...calendar, name, basedOn: null, updatedAtMs: 0, updatedBy: 'test' })
    const id = await store.jobs.insert(
      storedJobOf(
        jobInput(job.jobGroup, {
          scheduleType: job.scheduleType,
          scheduleConf: job.scheduleConf,
          timezone: job.timezone,
          calendar: job.calendar === null ? null : name,
          calendarRule: job.calendarRule,
          calendarRoll: job.calendarRoll,
          misfireStrategy: job.misfireStrategy,
        }),
        FROM,
      ),
    )
    planted.push({ ...job, id, calendar: job.calendar === null ? null : name })
  }
  const book = await ScheduleBook.read(store)
  for (const job of planted) {
    const first = book.nextFire(job, FROM - 1)
    if (first !== null) await store.jobs.setTrigger(job.id, 1, 0, first, FROM)
  }
  return planted
}

async function openWorld(dir: string, index: number, next: () => number): Promise<World> {
  const store = openSqliteStore(join(dir, `world-${index}.db`))
  const jobs = await plant(store, next)
  const groupIds = [...new Set(jobs.map((j) => j.jobGroup))]
  for (const window of randomWindows(
    next,
    1,
    jobs.map((j) => j.id),
    groupIds,
  ))
    await store.windows.insert({ ...window, updatedAtMs: 0, updatedBy: 'test' })
  // Every third world pauses.
  return { store, book: await ScheduleBook.read(store), jobs, windows: await store.windows.all(), pausedSinceMs: randomPause(next, index % 3 === 1 ? 1 : 0) }
}

/**
 * Runs the world's scheduler from FROM to TO on a manual clock (and, after a pause, the scan at the
 * resume); resolves with the fires the ring handed on and won the claim of.
 */
async function runWorld(world: World, late: () => number): Promise<RingFire[]> {
  const { store, book } = world
  const clock = new ManualClock(FROM - 10_000)
  const fired: RingFire[] = []
  const claims: Promise<void>[] = []
  const scheduler = new Scheduler({
    store,
    nodeId: NODE,
    fence: SOLE_FENCE,
    clock,
    nextFire: book.nextFire,
    calendars: book,
    triggers: {
      fireScheduled: (fires) =>
        claims.push(
          store.ring.claimMany(fires, NODE).then((claimed) => {
            for (const fire of fires) if (claimed.has(`${fire.jobId}:${fire.scheduleTimeMs}`)) fired.push(fire)
          }),
        ),
    },
    logger: silentLogger,
  })
  const ticks = new Set<number>()
  let lastScanMs = -Infinity
  let pauseAt = world.pausedSinceMs
  const scan = async (atMs: number) => {
    lastScanMs = atMs
    for (const fire of (await scheduler.scanOnce(atMs)).fires) if (fire.fireAtMs > atMs) ticks.add(Math.floor(fire.fireAtMs / 1000))
    await Promise.all(claims.splice(0))
  }
  let paused = false
  await scan(FROM - 10_000)
  for (let steps = 0; steps < 1_000_000; steps++) {
    const [soonest] = await store.jobs.nextFires(1)
    // While pause-all is on a scan plans nothing and moves no job's next time, so the soonest fire
    // stays in the past: a scan an hour keeps scanning through the pause without stepping through
    // it second by second (a pause of days was ~80 % of this test's time).
    const scanAt =
      soonest === undefined
        ? Infinity
        : paused
          ? lastScanMs + PAUSED_SCAN_STEP_MS
          : Math.max(lastScanMs + 1000, soonest.atMs - 5000 + Math.floor(late() * 9000))
    const tickAt = ticks.size > 0 ? Math.min(...ticks) * 1000 : Infinity
    const at = Math.min(scanAt, tickAt, pauseAt ?? Infinity)
    if (at >= TO) break
    if (at === pauseAt) {
      await store.settings.set(MAINTENANCE_SETTING, { on: true, reason: 'property test', by: 'test', sinceMs: pauseAt })
      pauseAt = null
      paused = true
      await scan(at)
    } else if (at === tickAt) {
      ticks.delete(at / 1000)
      scheduler.tick(at)
      await Promise.all(claims.splice(0))
    } else await scan(at)
  }
  if (world.pausedSinceMs !== null) {
    await store.settings.set(MAINTENANCE_SETTING, { on: false, reason: '', by: 'test', sinceMs: RESUME })
    await scan(RESUME)
  }
  return fired
}

describe('the Scheduler on a manual clock', () => {
  it(`fires and records what the simulator says, for ${WORLDS} worlds of ${JOBS_PER_WORLD} random jobs with windows and pauses (seed ${SEED})`, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'jobdesk-worlds-'))
    const next = random(SEED)
    let fires = 0
    let skips = 0
    const reasons = new Set<string>()
    try {
      for (let w = 0; w < WORLDS; w++) {
        const world = await openWorld(dir, w, next)
        try {
          const fired = await runWorld(world, next)
          for (const job of world.jobs) {
            const simulation = simulateSchedule({
              fromMs: FROM,
              toMs: TO,
              targets: [simulatedTarget({ jobId: job.id, groupId: job.jobGroup }, world.book.specOf(job), job.misfireStrategy)],
              windows: world.windows,
              pausedSinceMs: world.pausedSinceMs,
              limit: 100_000,
            })
            const what = `seed ${SEED}, world ${w}, job ${job.id}: ${JSON.stringify({ job, windows: world.windows, pausedSinceMs: world.pausedSinceMs })}`
            const ownFires = fired.filter((f) => f.jobId === job.id && f.fireAtMs < RESUME)
            expect(schedulerFireLines(ownFires), `fires, ${what}`).toEqual(simulatedFireLines(simulation))
            // Recorded from the job's first fire on; a schedule that ran out, up to its last fire.
            const row = (await world.store.jobs.get(job.id))!
            const first = world.book.nextFire(job, FROM - 1) ?? TO
            const reach = row.triggerStatus === 1 ? TO : row.triggerLastTimeMs + 1
            const recorded = await world.store.missedSlots.list({ jobId: job.id }, first, TO, 100_000)
            const lines = schedulerSkipLines(
              recorded.map((m) => ({ slotMs: m.slot, reason: m.reason, detail: m.detail })),
              first,
              reach,
            )
            expect(lines, `skipped slots, ${what}`).toEqual(simulatedSkipLines(simulation, first, reach))
            fires += ownFires.length
            skips += lines.length
            for (const line of lines) reasons.add(line.split(' ')[1])
          }
        } finally {
          await world.store.close()
        }
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
    expect(fires).toBeGreaterThan(WORLDS * JOBS_PER_WORLD * 5)
    expect(skips).toBeGreaterThan(WORLDS * JOBS_PER_WORLD)
    expect([...reasons].sort()).toEqual(['businessDay', 'holiday', 'paused', 'rolled', 'weekend', 'window'])
  }, 900_000)
})
