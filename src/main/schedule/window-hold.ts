import type { DayKind } from '../../shared/calendar/business-calendar'
import type { MaintenanceWindow, WindowTarget } from '../../shared/calendar/maintenance-window'
import type { SkipReason } from '../../shared/calendar/skip-reasons'
import { effectiveFire, type CalendarTerms, type SlotAfter } from './calendar-fires'
import { coveringSpanAt, windowsCloseAt } from './window-spans'

/**
 * What a window holds back and what a calendar leaves out, as pure functions of the time: the
 * simulator (simulate.ts) and the scheduler's decisions (scheduler/plan-due.ts) both walk a
 * schedule through these, so the slots one lists as skipped are the slots the other records.
 */

/** A schedule seen with its calendar apart: its own slots, and the calendar that drops or moves them. */
export interface CalendarSlots {
  /** The schedule without the calendar (cron or fixed rate). */
  slotAfter: SlotAfter
  calendar: CalendarTerms
  /** The schedule's zone: a moved fire keeps its local time there. */
  timezone: string
}

/** A slot that did not fire at its time, and why. */
export interface SkippedSlot {
  slotMs: number
  reason: SkipReason
  /** The holiday's or the window's name, or where a moved fire went (ISO instant). */
  detail?: string
}

/** The first fire strictly after `fromMs` with the calendar applied, or null: the scheduler's next fire. */
export type FireAfter = (fromMs: number) => number | null

/**
 * The schedule's own slots in (fromMs, toMs) that the calendar left out or moved elsewhere, at most
 * `limit` (an every-second schedule over a week of holidays has 600k of them).
 */
export function calendarSkipsBetween(slots: CalendarSlots, fromMs: number, toMs: number, limit: number): SkippedSlot[] {
  const skipped: SkippedSlot[] = []
  for (let slot = slots.slotAfter(fromMs); slot !== null && slot < toMs && skipped.length < limit; slot = slots.slotAfter(slot)) {
    const fate = effectiveFire(slots.calendar, slots.timezone, slot)
    if (!fate.fires) skipped.push({ slotMs: slot, ...dayReason(fate.why) })
    else if (fate.rolledFromMs !== undefined) skipped.push({ slotMs: slot, reason: 'rolled', detail: new Date(fate.fireMs).toISOString() })
  }
  return skipped
}

function dayReason(kind: DayKind): { reason: SkipReason; detail?: string } {
  if (kind.why === 'holiday') return { reason: 'holiday', detail: kind.holiday }
  if (kind.why === 'weekend') return { reason: 'weekend' }
  return { reason: 'businessDay' }
}

/** What the windows covering a fire hold back. */
export interface Hold {
  /** When the windows covering the first held fire (and those overlapping or touching them) all close. */
  closeMs: number
  /** The fires held, oldest first, each with the window that covers it, and the calendar's skips between them. */
  skipped: SkippedSlot[]
  /** The latest fire held (the one FIRE_ONCE_NOW runs for at the close); 0 when none was looked at. */
  lastHeldMs: number
}

/**
 * Holds back every fire from `firstMs` (a fire a window covers) until the windows close: each is a
 * skipped slot naming the window covering it (`name` when none does any more — a window that
 * closed exactly there and was chained). Fires are looked at until the close, `untilMs` or
 * `limit` skipped slots, whichever comes first; the calendar's skips between them are listed too.
 */
export function holdFrom(
  windows: readonly MaintenanceWindow[],
  target: WindowTarget,
  firstMs: number,
  name: string,
  fireAfter: FireAfter,
  calendar: CalendarSlots | null,
  untilMs: number,
  limit: number,
): Hold {
  const closeMs = windowsCloseAt(windows, target, firstMs)
  const hold: Hold = { closeMs, skipped: [], lastHeldMs: 0 }
  for (let time: number | null = firstMs; time !== null && time < closeMs && time < untilMs && hold.skipped.length < limit;) {
    hold.skipped.push({ slotMs: time, reason: 'window', detail: coveringSpanAt(windows, target, time)?.name ?? name })
    hold.lastHeldMs = time
    const next = fireAfter(time)
    if (calendar !== null) hold.skipped.push(...calendarSkipsBetween(calendar, time, Math.min(next ?? closeMs, closeMs, untilMs), limit - hold.skipped.length))
    time = next
  }
  return hold
}

/**
 * A hold whose close is still covered — windows chained past windowsCloseAt's bound, or a window
 * added or stretched since the hold began — goes on: the fires from the close until the windows
 * close again are held too. Null when nothing covers the close (the hold ends there).
 */
export function extendHold(
  windows: readonly MaintenanceWindow[],
  target: WindowTarget,
  closeMs: number,
  fireAfter: FireAfter,
  calendar: CalendarSlots | null,
  untilMs: number,
  limit: number,
): Hold | null {
  if (coveringSpanAt(windows, target, closeMs) === null) return null
  const laterCloseMs = windowsCloseAt(windows, target, closeMs)
  const first = fireAfter(closeMs - 1)
  const skipped = calendar !== null ? calendarSkipsBetween(calendar, closeMs - 1, Math.min(first ?? laterCloseMs, laterCloseMs, untilMs), limit) : []
  if (first === null || first >= laterCloseMs || first >= untilMs) return { closeMs: laterCloseMs, skipped, lastHeldMs: 0 }
  const name = coveringSpanAt(windows, target, first)?.name ?? ''
  const hold = holdFrom(windows, target, first, name, fireAfter, calendar, untilMs, limit - skipped.length)
  return { closeMs: hold.closeMs, skipped: [...skipped, ...hold.skipped], lastHeldMs: hold.lastHeldMs }
}
