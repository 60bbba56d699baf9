import type { MaintenanceWindow, WindowTarget } from '../../shared/calendar/maintenance-window'
import type { MisfireStrategy } from '../../shared/model'
import { calendarSkipsBetween, extendHold, holdFrom, type CalendarSlots, type Hold, type SkippedSlot } from '../schedule/window-hold'
import { coveringSpanAt, windowsCloseAt } from '../schedule/window-spans'

/** How far ahead the scan reads (XXL-JOB's PRE_READ_MS); also the lateness that makes a fire a misfire. */
export const PRE_READ_MS = 5000

/** A 1-second schedule pushes 6 fires at most into a 5-s window; the cap guards against a bad function. */
const MAX_FIRES_PER_ITEM = 16
/** Fires, holds and releases one plan takes for one job or flow at most. */
const MAX_STEPS = 64
/**
 * Slots one plan records as missed for one job or flow at most (and one hold looks at): an
 * every-second job held by a window of 2 h 45 min, or down as long. The rest of a longer stretch
 * is neither recorded nor counted; a hold then runs (FIRE_ONCE_NOW) for the last slot looked at.
 */
export const MAX_RECORDED_SLOTS = 10_000

/** What the windows and pause-all hold at the time of a plan. */
export interface HoldTerms {
  /** The enabled maintenance windows. */
  windows: readonly MaintenanceWindow[]
  /** The last pause-all, ended: a slot in it found due is missed ('paused'), not fired late. */
  pause: { fromMs: number; toMs: number } | null
}

/** A plan's time: now, and up to when fires are planned (the scan's pre-read; a flow pass: now). */
export interface PlanTerms extends HoldTerms {
  nowMs: number
  horizonMs: number
}

/** A job's or a flow's schedule bookkeeping, as its row has it. */
export interface DueItem {
  triggerNextTimeMs: number
  triggerLastTimeMs: number
  /** The latest slot a window holds back (0: none); while set, the next time is the windows' close. */
  triggerHeldTimeMs: number
  misfireStrategy: MisfireStrategy
}

/** The first fire of `item` strictly after `fromMs` (its calendar applied), or null when it has none. */
export type ItemFireAfter<T> = (item: T, fromMs: number) => number | null

export type FireType = 'CRON' | 'MISFIRE'

/**
 * Where a plan writes what it decided. One is reused for every item of a scan (`begin` resets it),
 * so planning a job without windows, misses or a calendar allocates nothing beyond its fires.
 */
export class DuePlan<T, F> {
  /** null: the schedule has no more fires. */
  nextMs: number | null = 0
  lastMs = 0
  heldMs = 0
  /** The scheduled times the misfire strategy decided for (stale fires, a late next time, a held slot whose close came late), oldest first. */
  readonly missedTimesMs: number[] = []
  /** The slots not fired, each with why. */
  readonly skipped: SkippedSlot[] = []

  /** `fires` collects the fires of every item planned with this, each made by `fire`. */
  constructor(
    readonly fires: F[],
    private readonly fire: (item: T, scheduleTimeMs: number, fireAtMs: number, triggerType: FireType) => F,
  ) {}

  begin(item: T & DueItem): void {
    this.nextMs = item.triggerNextTimeMs
    this.lastMs = item.triggerLastTimeMs
    this.heldMs = item.triggerHeldTimeMs
    this.missedTimesMs.length = 0
    this.skipped.length = 0
  }

  push(item: T, scheduleTimeMs: number, fireAtMs: number, triggerType: FireType): void {
    this.fires.push(this.fire(item, scheduleTimeMs, fireAtMs, triggerType))
  }

  skip(slots: readonly SkippedSlot[]): void {
    for (const slot of slots) this.skipped.push(slot)
  }
}

/**
 * Decides one job's or flow's fires up to `terms.horizonMs`, purely, into `plan` (docs/calendars.md):
 * - a fire a window covers is held: it and every fire until the windows close are skipped
 *   ('window'), the latest is kept as the held slot and the next time becomes the close; at the
 *   close FIRE_ONCE_NOW runs once for the held slot (MISFIRE, at the close), DO_NOTHING not at all,
 *   and the schedule goes on from the close — what the simulator does (schedule/simulate.ts);
 * - a fire found more than PRE_READ_MS late, or inside the last pause-all, is a misfire: its time
 *   and the stale fires of a dead node's ring go to the misfire strategy (FIRE_ONCE_NOW: one
 *   MISFIRE run for the latest; DO_NOTHING: none), every slot up to now is recorded as missed, and
 *   the schedule continues from now;
 * - slots the calendar drops or moves are recorded as the plan moves past them.
 * `target` is null when no window exists (no window is looked for); `calendar` null when the item
 * follows none.
 */
export function planDue<T extends DueItem, F>(
  plan: DuePlan<T, F>,
  item: T,
  target: WindowTarget | null,
  terms: PlanTerms,
  fireAfter: ItemFireAfter<T>,
  calendar: CalendarSlots | null,
  staleMs: readonly number[],
): void {
  const { nowMs, horizonMs, windows } = terms
  plan.begin(item)
  for (const slotMs of staleMs) {
    plan.missedTimesMs.push(slotMs)
    plan.skipped.push(missedSlot(slotMs, terms, target))
  }
  let next: number | null = item.triggerNextTimeMs
  let cronFires = 0
  for (let step = 0; next !== null && next <= horizonMs && step < MAX_STEPS; step++) {
    if (plan.heldMs > 0) {
      // `next` is the close of the windows that held `heldMs`; still covered (a window added or
      // stretched since, or more chained than one close looks through), the hold goes on.
      const more: Hold | null =
        target !== null ? extendHold(windows, target, next, (fromMs) => fireAfter(item, fromMs), calendar, Infinity, MAX_RECORDED_SLOTS) : null
      if (more !== null) {
        plan.skip(more.skipped)
        plan.heldMs = Math.max(plan.heldMs, more.lastHeldMs)
        next = more.closeMs
        continue
      }
      if (item.misfireStrategy === 'FIRE_ONCE_NOW') {
        if (isMissed(next, terms)) addMissed(plan, plan.heldMs)
        else {
          plan.push(item, plan.heldMs, Math.max(next, nowMs), 'MISFIRE')
          plan.lastMs = Math.max(plan.lastMs, plan.heldMs)
        }
      }
      plan.heldMs = 0
      next = advance(plan, item, fireAfter, calendar, next - 1, horizonMs)
      continue
    }
    // Pause-all before a window: a fire inside the pause is the pause's, as the simulator says.
    if (!inPause(next, terms) && target !== null && coveringSpanAt(windows, target, next) !== null) {
      next = hold(plan, item, windows, target, next, fireAfter, calendar)
      continue
    }
    if (isMissed(next, terms)) {
      next = missedUpToNow(plan, item, next, terms, target, fireAfter, calendar)
      continue
    }
    plan.push(item, next, Math.max(next, nowMs), 'CRON')
    plan.lastMs = next
    next = advance(plan, item, fireAfter, calendar, Math.max(next, nowMs), horizonMs)
    if (++cronFires >= MAX_FIRES_PER_ITEM) break
  }
  plan.nextMs = next
  if (plan.missedTimesMs.length > 0) decideMisfire(plan, item, nowMs)
}

/** A late fire: it and every later slot up to now are missed (recorded, at most MAX_RECORDED_SLOTS); resolves with the next fire after now. */
function missedUpToNow<T extends DueItem, F>(
  plan: DuePlan<T, F>,
  item: T,
  first: number,
  terms: PlanTerms,
  target: WindowTarget | null,
  fireAfter: ItemFireAfter<T>,
  calendar: CalendarSlots | null,
): number | null {
  addMissed(plan, first)
  plan.skipped.push(missedSlot(first, terms, target))
  let slot = first
  for (let n = 0; n < MAX_RECORDED_SLOTS; n++) {
    const later = fireAfter(item, slot)
    if (later === null || later > terms.nowMs) break
    if (calendar !== null) plan.skip(calendarSkipsBetween(calendar, slot, later, MAX_RECORDED_SLOTS))
    plan.skipped.push(missedSlot(later, terms, target))
    slot = later
  }
  // From now, as XXL-JOB goes on after a misfire (a fixed rate counts from now, not from its old slots).
  const next = fireAfter(item, terms.nowMs)
  if (calendar !== null) plan.skip(calendarSkipsBetween(calendar, slot, next ?? terms.horizonMs, MAX_RECORDED_SLOTS))
  return next
}

/** Holds the fires from `first` (covered by a window) until the windows close; resolves with the close, the next time now. */
function hold<T extends DueItem, F>(
  plan: DuePlan<T, F>,
  item: T,
  windows: readonly MaintenanceWindow[],
  target: WindowTarget,
  first: number,
  fireAfter: ItemFireAfter<T>,
  calendar: CalendarSlots | null,
): number {
  const name = coveringSpanAt(windows, target, first)?.name ?? ''
  const held = holdFrom(windows, target, first, name, (fromMs) => fireAfter(item, fromMs), calendar, Infinity, MAX_RECORDED_SLOTS)
  plan.skip(held.skipped)
  plan.heldMs = Math.max(plan.heldMs, held.lastHeldMs)
  return held.closeMs
}

/** The next fire after `fromMs`, with the calendar's skips on the way recorded (up to `horizonMs` when the schedule ran out). */
function advance<T extends DueItem, F>(
  plan: DuePlan<T, F>,
  item: T,
  fireAfter: ItemFireAfter<T>,
  calendar: CalendarSlots | null,
  fromMs: number,
  horizonMs: number,
): number | null {
  const next = fireAfter(item, fromMs)
  if (calendar !== null) plan.skip(calendarSkipsBetween(calendar, fromMs, next ?? horizonMs, MAX_RECORDED_SLOTS))
  return next
}

function isMissed(slotMs: number, terms: PlanTerms): boolean {
  return terms.nowMs > slotMs + PRE_READ_MS || inPause(slotMs, terms)
}

function inPause(slotMs: number, terms: HoldTerms): boolean {
  return terms.pause !== null && slotMs >= terms.pause.fromMs && slotMs < terms.pause.toMs
}

function addMissed<T, F>(plan: DuePlan<T, F>, slotMs: number): void {
  plan.missedTimesMs.push(slotMs)
  plan.lastMs = Math.max(plan.lastMs, slotMs)
}

/** Why a slot found too late did not fire: pause-all held it, a window covered it, or it was just late. */
export function missedSlot(slotMs: number, terms: HoldTerms, target: WindowTarget | null): SkippedSlot {
  if (inPause(slotMs, terms)) return { slotMs, reason: 'paused' }
  const span = target !== null ? coveringSpanAt(terms.windows, target, slotMs) : null
  return span !== null ? { slotMs, reason: 'window', detail: span.name } : { slotMs, reason: 'misfire' }
}

/**
 * The misfire strategy over the missed times: FIRE_ONCE_NOW fires once, now, named after the latest
 * (so a repeat of this plan after a crash before commit maps onto the same unique (job,
 * schedule_time) and cannot fire twice), and that slot is no longer recorded as missed by lateness;
 * a slot pause-all or a window held stays recorded, as the simulator lists it (its run comes later,
 * as a window's held slot runs at the close).
 */
function decideMisfire<T, F>(plan: DuePlan<T, F>, item: T & DueItem, nowMs: number): void {
  plan.missedTimesMs.sort((a, b) => a - b)
  if (item.misfireStrategy !== 'FIRE_ONCE_NOW') return
  const scheduleTimeMs = plan.missedTimesMs[plan.missedTimesMs.length - 1]
  plan.push(item, scheduleTimeMs, nowMs, 'MISFIRE')
  let kept = 0
  for (const slot of plan.skipped) {
    if (slot.slotMs === scheduleTimeMs && slot.reason === 'misfire') continue
    plan.skipped[kept++] = slot
  }
  plan.skipped.length = kept
}

export interface Reconsidered {
  /** null: the schedule has no more fires. */
  nextMs: number | null
  heldMs: number
  /** Slots from here on recorded as held by a window are not held after all. */
  forgetFromMs: number
}

/**
 * A held job or flow looked at again at `nowMs` because the windows changed, before its close:
 * still covered now, it stays held until the windows' (new) close; not covered, it is released
 * now — at its close, which `planDue` then takes as any other. A close that came no earlier
 * changes nothing here (null): the close's own check holds it further. `passedHeldMs`: the latest
 * slot held before now (0: none), asked only when the held slot is still ahead.
 */
export function reconsiderHold<T extends DueItem>(
  item: T,
  target: WindowTarget,
  nowMs: number,
  windows: readonly MaintenanceWindow[],
  fireAfter: ItemFireAfter<T>,
  passedHeldMs: number,
): Reconsidered | null {
  const closeMs = coveringSpanAt(windows, target, nowMs) !== null ? windowsCloseAt(windows, target, nowMs) : nowMs
  if (closeMs >= item.triggerNextTimeMs) return null
  if (item.triggerHeldTimeMs < closeMs) return { nextMs: closeMs, heldMs: item.triggerHeldTimeMs, forgetFromMs: closeMs }
  let latest = passedHeldMs
  for (let slot = fireAfter(item, nowMs - 1), n = 0; slot !== null && slot < closeMs && n < MAX_RECORDED_SLOTS; slot = fireAfter(item, slot), n++) latest = slot
  // Nothing held yet (the window was to open at the first fire): the schedule goes on from the close.
  if (latest === 0) return { nextMs: fireAfter(item, closeMs - 1), heldMs: 0, forgetFromMs: closeMs }
  return { nextMs: closeMs, heldMs: latest, forgetFromMs: closeMs }
}
