import { describe, expect, it } from 'vitest'
import { ScheduleBook } from '../../../src/main/calendars/schedule-book'
import { parseBusinessDayConf } from '../../../src/main/schedule/business-day'
import { simulatedTarget, simulateSchedule } from '../../../src/main/schedule/simulate'
import { scanSteps } from '../../support/scan-steps'
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
import { freshSqliteStore } from '../../support/temp-sqlite-store'

/**
 * The simulator and the scheduler cannot disagree: random schedules × calendars × zones × rolls ×
 * maintenance windows (one-off and recurring, over everything or scoped) × pause-all, each run
 * through the simulator and through the scan's own decisions (planScan) on a stepped clock,
 * compared fire for fire and skipped slot for skipped slot (with its reason) over 24 days that
 * hold two DST changes and long holidays. A failure prints its seed and case.
 * (scheduler-obeys-windows.test.ts runs the whole Scheduler on a store the same way.)
 */
const SEED = Number(process.env.JOBDESK_PROPERTY_SEED ?? 20261207)
const CASES = Number(process.env.JOBDESK_PROPERTY_CASES ?? 1500)

const fresh = freshSqliteStore()

describe('the schedule simulator', () => {
  it(`fires and skips exactly what the scheduler fires and records, for ${CASES} random schedules, calendars, zones, windows and pauses (seed ${SEED})`, async () => {
    const next = random(SEED)
    const cases = Array.from({ length: CASES }, (_, i) => {
      const { job, calendar } = randomJob(next, i + 1, 1 + (i % 3))
      return { job, calendar, windows: randomWindows(next, 1, [job.id], [job.jobGroup]), pausedSinceMs: randomPause(next) }
    })
    for (const { calendar } of cases) await fresh.store.calendars.insert({ ...calendar, basedOn: null, updatedAtMs: 0, updatedBy: 'test' })
    const book = await ScheduleBook.read(fresh.store)
    let fires = 0
    let skips = 0
    const reasons = new Set<string>()
    for (const { job, calendar, windows, pausedSinceMs } of cases) {
      const simulation = simulateSchedule({
        fromMs: FROM,
        toMs: TO,
        targets: [simulatedTarget({ jobId: job.id, groupId: job.jobGroup }, book.specOf(job), job.misfireStrategy)],
        windows,
        pausedSinceMs,
        limit: 100_000,
      })
      const scanned = scanSteps(job, {
        fromMs: FROM,
        toMs: TO,
        nextFire: book.nextFire,
        windows,
        calendarOf: (j) => book.slotsOf(j),
        pausedSinceMs,
        resumedAtMs: TO + 3_600_000,
        late: next,
      })
      const what = `seed ${SEED}, case ${job.id}: ${JSON.stringify({ job, calendar, windows, pausedSinceMs })}`
      expect(schedulerFireLines(scanned.fires), `fires, ${what}`).toEqual(simulatedFireLines(simulation))
      // Recorded from the job's first fire on, and not past the last scan of a schedule that ran out.
      const first = book.nextFire(job, FROM - 1) ?? TO
      const reach = scanned.stoppedAtMs ?? TO
      const skipped = schedulerSkipLines(scanned.missed, first, reach)
      expect(skipped, `skipped slots, ${what}`).toEqual(simulatedSkipLines(simulation, first, reach))
      fires += scanned.fires.length
      skips += skipped.length
      for (const line of skipped) reasons.add(line.split(' ')[1])
    }
    // The cases are not all empty: thousands of fires and skips compared, for every reason the simulator gives.
    expect(fires).toBeGreaterThan(CASES * 5)
    expect(skips).toBeGreaterThan(CASES)
    expect([...reasons].sort()).toEqual(['businessDay', 'holiday', 'paused', 'rolled', 'weekend', 'window'])
  }, 600_000)

  it('parses every BUSINESS_DAY schedule the cases use', () => {
    expect(parseBusinessDayConf('BD-2 07:05').days).toEqual([-2])
  })
})
