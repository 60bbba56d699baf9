import { describe, expect, it } from 'vitest'
import { ScheduleBook } from '../../../src/main/calendars/schedule-book'
import { parseBusinessDayConf } from '../../../src/main/schedule/business-day'
import { simulatedTarget, simulateSchedule } from '../../../src/main/schedule/simulate'
import { planScan } from '../../../src/main/scheduler/plan-scan'
import type { DueJob } from '../../../src/main/domain/fires'
import type { BusinessCalendar } from '../../../src/shared/calendar/business-calendar'
import { CALENDAR_ROLLS, CALENDAR_RULES } from '../../../src/shared/calendar/calendar-rules'
import { formatIsoDate } from '../../../src/shared/calendar/civil-date'
import { freshSqliteStore } from '../../support/temp-sqlite-store'

/**
 * The simulator and the scheduler cannot disagree: random schedules × calendars × zones × rolls,
 * each run through the simulator and through the scan's own decisions (planScan) on a stepped
 * clock, compared fire for fire over 24 days that hold two DST changes and long holidays. A failure prints its seed and case.
 */
const SEED = Number(process.env.JOBDESK_PROPERTY_SEED ?? 20261207)
const CASES = Number(process.env.JOBDESK_PROPERTY_CASES ?? 1500)
const ZONES = ['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'UTC', 'Australia/Lord_Howe']
// 6 to 30 March: New York's and Berlin's spring-forward nights both fall inside.
const FROM = Date.parse('2026-03-06T00:00:00Z')
const TO = FROM + 24 * 86_400_000
const START_DAY = Math.floor(FROM / 86_400_000) - 3

function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

function randomCase(next: () => number, index: number) {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]
  const zone = pick(ZONES)
  const calendar: BusinessCalendar = {
    name: `c${index}`,
    timezone: pick(ZONES),
    workdays: [1, 2, 3, 4, 5, 6, 7].filter(() => next() < 0.7),
    holidays: Array.from({ length: Math.floor(next() * 4) }, (_, h) => {
      const from = START_DAY + Math.floor(next() * 45)
      return { name: `h${h}`, from: formatIsoDate(from), to: formatIsoDate(from + Math.floor(next() * 8)) }
    }),
    makeupWorkdays: Array.from({ length: Math.floor(next() * 3) }, () => formatIsoDate(START_DAY + Math.floor(next() * 45))),
  }
  const hour = Math.floor(next() * 24)
  const minute = Math.floor(next() * 60)
  const schedules = [
    { scheduleType: 'CRON', scheduleConf: `0 ${minute} ${hour} * * ?`, rollable: true },
    { scheduleType: 'CRON', scheduleConf: `0 ${minute} ${hour} ? * ${1 + Math.floor(next() * 7)}`, rollable: true },
    // Every few hours, moves allowed (they are at least an hour apart).
    { scheduleType: 'CRON', scheduleConf: `0 ${minute} 0/${2 + Math.floor(next() * 4)} * * ?`, rollable: true },
    { scheduleType: 'CRON', scheduleConf: `30 ${minute} 0/${1 + Math.floor(next() * 5)} * * ?`, rollable: false },
    { scheduleType: 'CRON', scheduleConf: `0 ${minute} ${hour} ${1 + Math.floor(next() * 28)} * ?`, rollable: true },
    {
      scheduleType: 'BUSINESS_DAY',
      scheduleConf: `BD${pick([1, 2, 3, -1, -2])} ${String(hour).padStart(2, '0')}:${String(minute).padStart(2, '0')}`,
      rollable: false,
    },
  ] as const
  const schedule = pick(schedules)
  const business = schedule.scheduleType === 'BUSINESS_DAY'
  const job: DueJob = {
    id: index + 1,
    scheduleType: schedule.scheduleType,
    scheduleConf: schedule.scheduleConf,
    timezone: zone,
    calendar: next() < 0.9 ? calendar.name : null,
    calendarRule: business ? 'BUSINESS_DAYS' : pick(CALENDAR_RULES),
    calendarRoll: business || !schedule.rollable ? 'SKIP' : pick(CALENDAR_ROLLS),
    misfireStrategy: 'DO_NOTHING',
    triggerLastTimeMs: 0,
    triggerNextTimeMs: 0,
  }
  if (job.calendar === null) job.calendarRoll = 'SKIP'
  return { job, calendar }
}

/** The scan's decisions on a clock stepped to each due time, sometimes a little late (within the pre-read). */
function scheduledFires(job: DueJob, nextFire: (job: DueJob, fromMs: number) => number | null, late: () => number): number[] {
  const fires: number[] = []
  const first = nextFire(job, FROM - 1)
  if (first === null) return fires
  let state: DueJob = { ...job, triggerNextTimeMs: first }
  for (let scans = 0; scans < 100_000; scans++) {
    const nowMs = state.triggerNextTimeMs - 5000 + Math.floor(late() * 9000)
    if (state.triggerNextTimeMs >= TO) break
    const plan = planScan(Math.max(nowMs, state.triggerNextTimeMs - 5000), [state], [], nextFire)
    fires.push(...plan.fires.map((f) => f.scheduleTimeMs))
    const update = plan.updates[0]
    if (update.triggerStatus === 0) break
    state = { ...state, triggerNextTimeMs: update.triggerNextTimeMs, triggerLastTimeMs: update.triggerLastTimeMs }
  }
  return fires.filter((t) => t < TO)
}

const fresh = freshSqliteStore()

describe('the schedule simulator', () => {
  it(`fires exactly what the scheduler fires, for ${CASES} random schedules, calendars and zones (seed ${SEED})`, async () => {
    const next = random(SEED)
    const cases = Array.from({ length: CASES }, (_, i) => randomCase(next, i))
    for (const { calendar } of cases) await fresh.store.calendars.insert({ ...calendar, basedOn: null, updatedAtMs: 0, updatedBy: 'test' })
    const book = await ScheduleBook.read(fresh.store)
    let compared = 0
    for (const { job } of cases) {
      const simulated = simulateSchedule({
        fromMs: FROM,
        toMs: TO,
        targets: [simulatedTarget({ jobId: job.id, groupId: 1 }, book.specOf(job), job.misfireStrategy)],
        windows: [],
        pausedSinceMs: null,
        limit: 100_000,
      }).fires.map((f) => f.timeMs)
      const scheduled = scheduledFires(job, book.nextFire, next)
      expect(scheduled, `seed ${SEED}, case ${job.id}: ${JSON.stringify({ job, calendar: cases[job.id - 1].calendar })}`).toEqual(simulated)
      compared += scheduled.length
    }
    // The cases are not all empty: thousands of fires were compared.
    expect(compared).toBeGreaterThan(CASES * 5)
  }, 240_000)

  it('parses every BUSINESS_DAY schedule the cases use', () => {
    expect(parseBusinessDayConf('BD-2 07:05').days).toEqual([-2])
  })
})
