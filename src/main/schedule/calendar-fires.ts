import type { CalendarDays, DayKind } from '../../shared/calendar/business-calendar'
import { nextBusinessDay, previousBusinessDay } from '../../shared/calendar/business-days'
import type { CalendarRoll, CalendarRule } from '../../shared/calendar/calendar-rules'
import type { DayNumber } from '../../shared/calendar/civil-date'
import { instantOfLocal, localTimeOf } from './local-time'

/**
 * A schedule seen through a calendar: which of its slots fire, which move and which are skipped.
 * The scheduler (next fire) and the simulator (every fire of a window) both take their answer from
 * `effectiveFire`, one slot at a time, so they cannot disagree.
 *
 * A slot's day is its date in the calendar's zone; a moved fire keeps the job's local time, that
 * many days later or earlier. A moved fire that lands on a time the schedule fires anyway fires once.
 */

export interface CalendarTerms {
  days: CalendarDays
  rule: CalendarRule
  roll: CalendarRoll
}

/** The schedule without the calendar: the first slot strictly after `fromMs`, or null. */
export type SlotAfter = (fromMs: number) => number | null

export type SlotFate = { fires: true; fireMs: number; rolledFromMs?: number } | { fires: false; slotMs: number; why: DayKind }

/** At most this many slots are looked at for one answer; a roll's spacing rule keeps real schedules far below it. */
const MAX_SLOTS_PER_ANSWER = 10_000

/** What becomes of one slot of the schedule. */
export function effectiveFire(terms: CalendarTerms, timezone: string, slotMs: number): SlotFate {
  const day = localTimeOf(terms.days.timezone, slotMs).day
  if (allows(terms, day)) return { fires: true, fireMs: slotMs }
  const why = terms.days.kindOf(day)
  if (terms.roll === 'SKIP') return { fires: false, slotMs, why }
  const target = terms.roll === 'NEXT' ? nextAllowedDay(terms, day) : previousAllowedDay(terms, day)
  if (target === null) return { fires: false, slotMs, why }
  const local = localTimeOf(timezone, slotMs)
  return { fires: true, fireMs: instantOfLocal(timezone, local.day + (target - day), local.secondOfDay), rolledFromMs: slotMs }
}

/**
 * The first fire strictly after `fromMs` with the calendar applied, or null. Slots before `fromMs`
 * can move past it (NEXT) and later slots before it (PREVIOUS); both are looked for.
 */
export function calendarNextFire(slotAfter: SlotAfter, terms: CalendarTerms, timezone: string, fromMs: number): SlotFate | null {
  if (terms.roll === 'SKIP') return nextUnskipped(slotAfter, terms, fromMs)
  let best: Extract<SlotFate, { fires: true }> | null = null
  let slot = slotAfter(terms.roll === 'NEXT' ? lookbackStartMs(terms, timezone, fromMs) : fromMs)
  let stopDay: DayNumber | null = null
  for (let n = 0; slot !== null && n < MAX_SLOTS_PER_ANSWER; n++, slot = slotAfter(slot)) {
    if (best !== null) {
      // NEXT never moves a fire earlier; PREVIOUS moves none before the first allowed day after the best.
      if (terms.roll === 'NEXT' && slot > best.fireMs) break
      if (terms.roll === 'PREVIOUS' && stopDay !== null && localTimeOf(terms.days.timezone, slot).day >= stopDay) break
    }
    const fate = effectiveFire(terms, timezone, slot)
    if (!fate.fires) {
      // No allowed day ahead within the search bound: no later slot can move anywhere either.
      if (terms.roll === 'NEXT' || nextAllowedDay(terms, localTimeOf(terms.days.timezone, slot).day) === null) break
      continue
    }
    if (fate.fireMs > fromMs && (best === null || earlier(fate, best))) {
      best = fate
      if (terms.roll === 'PREVIOUS') stopDay = nextAllowedDay(terms, localTimeOf(terms.days.timezone, best.fireMs).day)
      // No allowed day after the best within the bound: what follows can only move back onto it.
      if (terms.roll === 'PREVIOUS' && stopDay === null) break
    }
  }
  return best
}

/** Sooner fires first; at one time a slot of the schedule's own names the fire rather than a moved one. */
function earlier(fate: Extract<SlotFate, { fires: true }>, best: Extract<SlotFate, { fires: true }>): boolean {
  return fate.fireMs < best.fireMs || (fate.fireMs === best.fireMs && fate.rolledFromMs === undefined)
}

/** SKIP: the first slot on an allowed day, jumping over excluded days whole (an every-second job need not visit each second of a holiday). */
function nextUnskipped(slotAfter: SlotAfter, terms: CalendarTerms, fromMs: number): SlotFate | null {
  let slot = slotAfter(fromMs)
  for (let n = 0; slot !== null && n < MAX_SLOTS_PER_ANSWER; n++) {
    const day = localTimeOf(terms.days.timezone, slot).day
    if (allows(terms, day)) return { fires: true, fireMs: slot }
    const allowed = nextAllowedDay(terms, day)
    if (allowed === null) return null
    slot = slotAfter(Math.max(slot, instantOfLocal(terms.days.timezone, allowed, 0) - 1))
  }
  return null
}

/**
 * Where to start looking for slots that NEXT moves past `fromMs`: nowhere before it when its day and
 * the day before are allowed; otherwise the start of the excluded days just before it (a day
 * earlier when the job's zone is not the calendar's: a slot late on the day before can belong to
 * it there).
 */
function lookbackStartMs(terms: CalendarTerms, timezone: string, fromMs: number): number {
  const zone = terms.days.timezone
  let day = localTimeOf(zone, fromMs).day
  const sameZone = timezone === zone
  if (sameZone && allows(terms, day) && allows(terms, day - 1)) return fromMs
  const earliest = day - 731
  while (day > earliest && !allows(terms, day - 1)) day--
  return Math.min(fromMs, instantOfLocal(zone, sameZone ? day : day - 1, 0) - 1)
}

function allows(terms: CalendarTerms, day: DayNumber): boolean {
  return terms.days.isBusinessDay(day) === (terms.rule === 'BUSINESS_DAYS')
}

function nextAllowedDay(terms: CalendarTerms, day: DayNumber): DayNumber | null {
  if (terms.rule === 'BUSINESS_DAYS') return nextBusinessDay(terms.days, day)
  for (let at = day + 1; at <= day + 731; at++) if (allows(terms, at)) return at
  return null
}

function previousAllowedDay(terms: CalendarTerms, day: DayNumber): DayNumber | null {
  if (terms.rule === 'BUSINESS_DAYS') return previousBusinessDay(terms.days, day)
  for (let at = day - 1; at >= day - 731; at--) if (allows(terms, at)) return at
  return null
}
