import type { MaintenanceWindow, WindowTarget } from '../../shared/calendar/maintenance-window'
import type { SkipReason } from '../../shared/calendar/skip-reasons'
import type { MisfireStrategy } from '../../shared/model'
import { calendarNextFire, type CalendarTerms, type SlotAfter, type SlotFate } from './calendar-fires'
import { nextFireTimeMs, type ScheduleSpec } from './next-fire'
import { calendarSkipsBetween, extendHold, holdFrom, type CalendarSlots, type SkippedSlot } from './window-hold'
import { coveringSpanAt } from './window-spans'

/**
 * The schedule simulator: every fire of a window of time, and every slot that will not fire with
 * its reason, for many jobs and flows at once. It asks the functions the scheduler asks (the next
 * fire through the calendar, the windows that cover a fire) with the time as an argument, and
 * treats what a window holds back as the scan does: nothing fires inside; FIRE_ONCE_NOW fires once
 * when the last window covering it closes, DO_NOTHING leaves it out.
 */

/** One job or flow to simulate: its schedule, its calendar if any, and what windows see of it. */
export interface SimulatedTarget {
  target: WindowTarget
  /** The schedule without the calendar (cron, fixed rate or business days). */
  slotAfter: SlotAfter
  timezone: string
  calendar: CalendarTerms | null
  misfireStrategy: MisfireStrategy
}

/**
 * A job's or a flow's schedule as the simulator takes it: the schedule's own slots, and the
 * calendar's rule and roll on top — except a BUSINESS_DAY schedule, whose slots are the calendar's
 * business days already.
 */
export function simulatedTarget(target: WindowTarget, spec: ScheduleSpec, misfireStrategy: MisfireStrategy): SimulatedTarget {
  if (spec.scheduleType === 'BUSINESS_DAY' || spec.calendarTerms == null) {
    return { target, slotAfter: (fromMs) => nextFireTimeMs(spec, fromMs), timezone: spec.timezone, calendar: null, misfireStrategy }
  }
  const plain = { ...spec, calendarTerms: null }
  return { target, slotAfter: (fromMs) => nextFireTimeMs(plain, fromMs), timezone: spec.timezone, calendar: spec.calendarTerms, misfireStrategy }
}

export interface SimulatedFire {
  target: WindowTarget
  timeMs: number
  /** The slot a calendar moved here. */
  rolledFromMs?: number
  /** The window whose end this fire follows (FIRE_ONCE_NOW), with the last slot it held. */
  afterWindow?: { name: string; heldSlotMs: number }
}

export interface SimulatedSkip {
  target: WindowTarget
  slotMs: number
  reason: SkipReason
  /** The holiday's or the window's name, or where a moved fire went (ISO instant). */
  detail?: string
}

export interface Simulation {
  fires: SimulatedFire[]
  skipped: SimulatedSkip[]
  /** True when the window held more than `limit` entries: the lists stop there. */
  cut: boolean
}

export interface SimulationInput {
  fromMs: number
  toMs: number
  targets: readonly SimulatedTarget[]
  windows: readonly MaintenanceWindow[]
  /** Pause-all as it stands: from this instant on, nothing fires. */
  pausedSinceMs: number | null
  limit: number
}

/** Holds followed on past their close at most this many times (each goes through up to 100 chained windows). */
const MAX_EXTENSIONS = 1000

export function simulateSchedule(input: SimulationInput): Simulation {
  const out: Simulation = { fires: [], skipped: [], cut: false }
  const room = (): boolean => out.fires.length + out.skipped.length < input.limit
  for (const target of input.targets) {
    simulateOne(target, input, out, room)
    if (!room()) {
      out.cut = true
      break
    }
  }
  out.fires.sort((a, b) => a.timeMs - b.timeMs)
  out.skipped.sort((a, b) => a.slotMs - b.slotMs)
  return out
}

function simulateOne(sim: SimulatedTarget, input: SimulationInput, out: Simulation, room: () => boolean): void {
  const { target } = sim
  const calendar = calendarSlotsOf(sim)
  const fireAfter = (fromMs: number): number | null => nextFate(sim, fromMs)?.fireMs ?? null
  const left = (): number => input.limit - out.fires.length - out.skipped.length
  const skip = (skipped: readonly SkippedSlot[]): void => {
    for (const s of skipped) out.skipped.push({ target, ...s })
  }
  let at = input.fromMs - 1
  while (room()) {
    const fate = nextFate(sim, at)
    const end = fate === null ? input.toMs : Math.min(fate.fireMs, input.toMs)
    if (calendar !== null) skip(calendarSkipsBetween(calendar, at, end, left()))
    if (fate === null || fate.fireMs >= input.toMs || !room()) return
    const time = fate.fireMs
    if (input.pausedSinceMs !== null && time >= input.pausedSinceMs) {
      out.skipped.push({ target, slotMs: time, reason: 'paused' })
      at = time
      continue
    }
    const span = coveringSpanAt(input.windows, target, time)
    if (span !== null) {
      const hold = holdFrom(input.windows, target, time, span.name, fireAfter, calendar, input.toMs, left())
      skip(hold.skipped)
      let { closeMs, lastHeldMs } = hold
      // Still covered at its close (more windows chained than one close looks through): held on, as the scan holds it.
      for (let n = 0; n < MAX_EXTENSIONS && closeMs < input.toMs && room(); n++) {
        const more = extendHold(input.windows, target, closeMs, fireAfter, calendar, input.toMs, left())
        if (more === null) break
        skip(more.skipped)
        closeMs = more.closeMs
        lastHeldMs = Math.max(lastHeldMs, more.lastHeldMs)
      }
      // Pause-all switched on before the close holds the fire the close would have made.
      const paused = input.pausedSinceMs !== null && closeMs >= input.pausedSinceMs
      if (sim.misfireStrategy === 'FIRE_ONCE_NOW' && closeMs < input.toMs && !paused && room()) {
        out.fires.push({ target, timeMs: closeMs, afterWindow: { name: span.name, heldSlotMs: lastHeldMs } })
      }
      at = closeMs - 1
      continue
    }
    out.fires.push({ target, timeMs: time, ...(fate.rolledFromMs !== undefined ? { rolledFromMs: fate.rolledFromMs } : {}) })
    at = time
  }
}

function nextFate(sim: SimulatedTarget, fromMs: number): Extract<SlotFate, { fires: true }> | null {
  if (sim.calendar !== null) {
    const fate = calendarNextFire(sim.slotAfter, sim.calendar, sim.timezone, fromMs)
    return fate !== null && fate.fires ? fate : null
  }
  const slot = sim.slotAfter(fromMs)
  return slot === null ? null : { fires: true, fireMs: slot }
}

function calendarSlotsOf(sim: SimulatedTarget): CalendarSlots | null {
  return sim.calendar === null ? null : { slotAfter: sim.slotAfter, calendar: sim.calendar, timezone: sim.timezone }
}
