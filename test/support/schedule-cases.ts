import type { DueJob, RingFire } from '../../src/main/domain/fires'
import type { Simulation } from '../../src/main/schedule/simulate'
import type { MissedSlot } from '../../src/main/store/missed-slot-repo'
import type { BusinessCalendar } from '../../src/shared/calendar/business-calendar'
import { CALENDAR_ROLLS, CALENDAR_RULES } from '../../src/shared/calendar/calendar-rules'
import { formatIsoDate } from '../../src/shared/calendar/civil-date'
import type { MaintenanceWindow, WindowScope } from '../../src/shared/calendar/maintenance-window'

/**
 * Random schedules, calendars, maintenance windows and pause-all for the tests that run the
 * simulator and the scheduler side by side (test/integration/calendars/). Everything comes from
 * one seeded generator, so a failure's seed replays it.
 */

export const ZONES = ['Asia/Shanghai', 'Europe/Berlin', 'America/New_York', 'UTC', 'Australia/Lord_Howe']
// 6 to 30 March: New York's and Berlin's spring-forward nights both fall inside.
export const FROM = Date.parse('2026-03-06T00:00:00Z')
export const TO = FROM + 24 * 86_400_000
const START_DAY = Math.floor(FROM / 86_400_000) - 3
const MINUTE = 60_000

/** A small, fast, seeded generator of numbers in [0, 1) (mulberry32). */
export function random(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

const pickFrom =
  (next: () => number) =>
  <T>(items: readonly T[]): T =>
    items[Math.floor(next() * items.length)]

/** A job (id `id`, in group `groupId`) with a random schedule in a random zone, and a random calendar it follows 9 times in 10. */
export function randomJob(next: () => number, id: number, groupId: number): { job: DueJob; calendar: BusinessCalendar } {
  const pick = pickFrom(next)
  const zone = pick(ZONES)
  const calendar: BusinessCalendar = {
    name: `c${id}`,
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
    id,
    jobGroup: groupId,
    scheduleType: schedule.scheduleType,
    scheduleConf: schedule.scheduleConf,
    timezone: zone,
    calendar: next() < 0.9 ? calendar.name : null,
    calendarRule: business ? 'BUSINESS_DAYS' : pick(CALENDAR_RULES),
    calendarRoll: business || !schedule.rollable ? 'SKIP' : pick(CALENDAR_ROLLS),
    misfireStrategy: next() < 0.5 ? 'FIRE_ONCE_NOW' : 'DO_NOTHING',
    triggerLastTimeMs: 0,
    triggerNextTimeMs: 0,
    triggerHeldTimeMs: 0,
  }
  if (job.calendar === null) job.calendarRoll = 'SKIP'
  return { job, calendar }
}

/**
 * 0 to 3 maintenance windows over [FROM, TO): one-off ones of 10 minutes to 2 days, recurring ones
 * (daily, weekly, every few hours) of 10 minutes to 20 hours in a random zone, each over
 * everything, over some of `jobIds` or `groupIds`, or over nothing these cases have.
 */
export function randomWindows(next: () => number, firstId: number, jobIds: readonly number[], groupIds: readonly number[]): MaintenanceWindow[] {
  const pick = pickFrom(next)
  return Array.from({ length: Math.floor(next() * 4) }, (_, n): MaintenanceWindow => {
    const id = firstId + n
    const some = <T>(items: readonly T[]): T[] => items.filter(() => next() < 0.4)
    const scopes: WindowScope[] = [
      { all: true },
      { all: false, groupIds: [], jobIds: some(jobIds), flowIds: [] },
      { all: false, groupIds: some(groupIds), jobIds: [], flowIds: [] },
      { all: false, groupIds: [], jobIds: [], flowIds: [1] },
    ]
    const scope = pick(scopes)
    const timezone = pick(ZONES)
    if (next() < 0.5) {
      const startMs = FROM + Math.floor(next() * 24 * 1440) * MINUTE
      return {
        id,
        name: `w${id}`,
        timezone,
        timing: { kind: 'once', startMs, endMs: startMs + (10 + Math.floor(next() * 2 * 1430)) * MINUTE },
        scope,
        killRunning: false,
        enabled: true,
      }
    }
    const hour = Math.floor(next() * 24)
    const minute = Math.floor(next() * 60)
    const cron = pick([
      `0 ${minute} ${hour} * * ?`,
      `0 ${minute} ${hour} ? * ${1 + Math.floor(next() * 7)}`,
      `0 ${minute} 0/${3 + Math.floor(next() * 6)} * * ?`,
    ])
    const durationSec = (10 + Math.floor(next() * 20 * 60)) * 60
    return { id, name: `w${id}`, timezone, timing: { kind: 'recurring', cron, durationSec }, scope, killRunning: false, enabled: true }
  })
}

/** Pause-all from a random minute of [FROM, TO), `chance` of the time (one in four unless said); otherwise null. */
export function randomPause(next: () => number, chance = 0.25): number | null {
  return next() < chance ? FROM + Math.floor(next() * 24 * 1440) * MINUTE : null
}

/** The fires of one job before `TO`, as comparable lines: a slot's fire, or a window's close running a held slot. */
export function schedulerFireLines(fires: readonly Pick<RingFire, 'scheduleTimeMs' | 'fireAtMs' | 'triggerType'>[]): string[] {
  return fires
    .filter((f) => (f.triggerType === 'CRON' ? f.scheduleTimeMs : f.fireAtMs) < TO)
    .map((f) => (f.triggerType === 'CRON' ? `fire ${iso(f.scheduleTimeMs)}` : `after window, for ${iso(f.scheduleTimeMs)}`))
    .sort()
}

export function simulatedFireLines(simulation: Simulation): string[] {
  return simulation.fires.map((f) => (f.afterWindow ? `after window, for ${iso(f.afterWindow.heldSlotMs)}` : `fire ${iso(f.timeMs)}`)).sort()
}

/**
 * The slots in [fromMs, TO) (and before `reachMs`) recorded as not fired, as comparable lines. The
 * scheduler records from a job's first fire on: what the calendar left out before it, the job's
 * start stepped over.
 */
export function schedulerSkipLines(missed: readonly Pick<MissedSlot, 'slotMs' | 'reason' | 'detail'>[], fromMs = FROM, reachMs = TO): string[] {
  return missed
    .filter((m) => m.slotMs >= fromMs && m.slotMs < Math.min(TO, reachMs))
    .map((m) => `${iso(m.slotMs)} ${m.reason}${m.detail ? ` (${m.detail})` : ''}`)
    .sort()
}

export function simulatedSkipLines(simulation: Simulation, fromMs = FROM, reachMs = TO): string[] {
  return schedulerSkipLines(
    simulation.skipped.map((s) => ({ slotMs: s.slotMs, reason: s.reason, detail: s.detail ?? '' })),
    fromMs,
    reachMs,
  )
}

function iso(ms: number): string {
  return new Date(ms).toISOString()
}
