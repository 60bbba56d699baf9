import { Cron } from 'croner'
import { describe, expect, it } from 'vitest'
import { nextFireTimeMs, previewFireTimes, type ScheduleSpec } from './next-fire'
import { parseQuartzCron } from './cron-parse'

/*
 * DST behaviour (croner's rules with fixedTimeRule 'no-wildcard'):
 * - A job whose second, minute and hour fields hold no `*` and no step (a single time, a list or a range)
 *   fires once per local day at each listed time: a time inside the spring-forward gap fires at the first
 *   instant after the gap (02:30 → 03:00 local), a time inside the fall-back overlap fires only at its first
 *   occurrence (daylight time).
 * - A job with `*` or a step there (hourly `0 0 * * * ?`, every 15 minutes) follows real time: wall times in
 *   the gap do not exist and are skipped, wall times in the overlap fire on both passes, so the UTC spacing
 *   stays regular.
 */

const NEW_YORK = 'America/New_York'
const BERLIN = 'Europe/Berlin'
const HOUR_MS = 3_600_000
const cron = (scheduleConf: string, timezone: string): ScheduleSpec => ({ scheduleType: 'CRON', scheduleConf, timezone })
const at = (iso: string): number => Date.parse(iso)

const localFormats = new Map<string, Intl.DateTimeFormat>()
/** 'YYYY-MM-DD HH:mm' on the zone's wall clock, from Intl (independent of the code under test). */
function local(ms: number, zone: string): string {
  let format = localFormats.get(zone)
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
    })
    localFormats.set(zone, format)
  }
  return format.format(ms)
}

/** All fire times whose local date is `date`, starting the search two days earlier. */
function firesOnLocalDate(spec: ScheduleSpec, date: string): number[] {
  const times = previewFireTimes(spec, at(`${date}T00:00:00Z`) - 2 * 24 * HOUR_MS, 400)
  return times.filter((ms) => local(ms, spec.timezone).startsWith(date))
}

const gaps = (times: number[]): number[] => times.slice(1).map((ms, i) => ms - times[i])
const localHours = (times: number[], zone: string): number[] => times.map((ms) => Number(local(ms, zone).slice(11, 13)))

describe.each([
  { zone: NEW_YORK, springDay: '2026-03-08', fallDay: '2026-11-01', gapHour: 2, repeatedHour: 1 },
  { zone: BERLIN, springDay: '2026-03-29', fallDay: '2026-10-25', gapHour: 2, repeatedHour: 2 },
])('DST in $zone', ({ zone, springDay, fallDay, gapHour, repeatedHour }) => {
  it('fires an hourly job every real hour: 23 times on the spring-forward day, 25 on the fall-back day', () => {
    const spring = firesOnLocalDate(cron('0 0 * * * ?', zone), springDay)
    expect(spring).toHaveLength(23)
    expect(localHours(spring, zone)).not.toContain(gapHour)
    expect(gaps(spring).every((gapMs) => gapMs === HOUR_MS)).toBe(true)

    const fall = firesOnLocalDate(cron('0 0 * * * ?', zone), fallDay)
    expect(fall).toHaveLength(25)
    expect(localHours(fall, zone).filter((hour) => hour === repeatedHour)).toHaveLength(2)
    expect(gaps(fall).every((gapMs) => gapMs === HOUR_MS)).toBe(true)
  })

  it('fires a daily job whose time falls in the gap once, at the first instant after the gap', () => {
    const spec = cron(`0 30 ${gapHour} * * ?`, zone)
    const fires = previewFireTimes(spec, at(springDay) - 36 * HOUR_MS, 3).map((ms) => local(ms, zone))
    const [dayBefore, dayAfter] = [shiftDate(springDay, -1), shiftDate(springDay, 1)]
    expect(fires).toEqual([`${dayBefore} 0${gapHour}:30`, `${springDay} 0${gapHour + 1}:00`, `${dayAfter} 0${gapHour}:30`])
  })

  it('fires a daily job whose time falls in the overlap once, at its first (daylight-time) occurrence', () => {
    const spec = cron(`0 30 ${repeatedHour} * * ?`, zone)
    const fires = firesOnLocalDate(spec, fallDay)
    expect(fires).toHaveLength(1)
    const secondPassMs = fires[0] + HOUR_MS
    expect(local(secondPassMs, zone)).toBe(local(fires[0], zone))
    // Asked from inside the second pass, the next fire is the next day's.
    const next = nextFireTimeMs(spec, secondPassMs - 20 * 60_000)!
    expect(local(next, zone)).toBe(`${shiftDate(fallDay, 1)} 0${repeatedHour}:30`)
  })

  it('treats a list of hours like single times: each fires once per local day', () => {
    const spring = firesOnLocalDate(cron(`0 30 ${gapHour},14 * * ?`, zone), springDay).map((ms) => local(ms, zone))
    expect(spring).toEqual([`${springDay} 0${gapHour + 1}:00`, `${springDay} 14:30`])
    const fall = firesOnLocalDate(cron(`0 30 ${repeatedHour},14 * * ?`, zone), fallDay).map((ms) => local(ms, zone))
    expect(fall).toEqual([`${fallDay} 0${repeatedHour}:30`, `${fallDay} 14:30`])
  })

  it('keeps a 15-minute job exactly 900 s apart in UTC across both transitions', () => {
    const spring = firesOnLocalDate(cron('0 0/15 * * * ?', zone), springDay)
    expect(spring).toHaveLength(23 * 4)
    expect(gaps(spring).every((gapMs) => gapMs === 15 * 60_000)).toBe(true)
    const fall = firesOnLocalDate(cron('0 0/15 * * * ?', zone), fallDay)
    expect(fall).toHaveLength(25 * 4)
    expect(gaps(fall).every((gapMs) => gapMs === 15 * 60_000)).toBe(true)
  })
})

describe('wall-clock evaluation against croner in the zone', () => {
  const patterns = [
    '0 30 2 * * ?',
    '0 0 * * * ?',
    '0 0/15 * * * ?',
    '0 30 1,13 * * ?',
    '0 0 0-23 * * ?',
    '15 45 1 ? * 1',
    '0 * 2 * * ?',
    '0 0 12 L * ?',
    '0 0 2 15W * ?',
    // Second Sunday of March at 02:30: inside New York's gap every year.
    '0 30 2 ? MAR 1#2',
    '0 0 0 1 1 ? 2012',
  ]
  const windows = [
    { zone: NEW_YORK, day: '2026-03-08' },
    { zone: NEW_YORK, day: '2026-11-01' },
    { zone: BERLIN, day: '2026-03-29' },
    { zone: BERLIN, day: '2026-10-25' },
    { zone: 'Australia/Sydney', day: '2026-04-05' },
    { zone: 'Australia/Lord_Howe', day: '2026-10-04' },
    { zone: 'Pacific/Apia', day: '2011-12-30' },
    { zone: 'Asia/Kolkata', day: '2026-03-08' },
  ]

  it.each(windows)('gives the same next fire time as croner in $zone around $day', ({ zone, day }) => {
    const mismatches: string[] = []
    for (const expression of patterns) {
      const reference = new Cron(parseQuartzCron(expression).pattern, {
        mode: '6-or-7-parts',
        alternativeWeekdays: true,
        sloppyRanges: true,
        fixedTimeRule: 'no-wildcard',
        paused: true,
        timezone: zone,
      })
      // An irregular step so queries land on, just before and just after transitions over the sweep.
      for (let fromMs = at(day) - 40 * HOUR_MS; fromMs < at(day) + 40 * HOUR_MS; fromMs += 17 * 60_000 + 7_001) {
        const expected = reference.nextRun(new Date(fromMs))?.getTime() ?? null
        const actual = nextFireTimeMs(cron(expression, zone), fromMs)
        if (actual !== expected) mismatches.push(`${expression} from ${new Date(fromMs).toISOString()}: ${actual} ≠ ${expected}`)
      }
    }
    expect(mismatches).toEqual([])
  })
})

function shiftDate(date: string, days: number): string {
  return new Date(at(`${date}T12:00:00Z`) + days * 24 * HOUR_MS).toISOString().slice(0, 10)
}
