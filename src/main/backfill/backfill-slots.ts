import type { BackfillOrder } from '../../shared/backfill'
import { nextFireTimeMs } from '../schedule'
import { parseFixRateSec } from '../schedule/fix-rate'
import type { ScheduleSpec } from '../schedule/next-fire'

/**
 * The slots a schedule produces in [fromMs, toMs), oldest first, one at a time: the scheduler's own
 * next-fire function over the spec (its calendar's rule and roll resolved in it, ScheduleBook), so
 * a backfill's slots are the fires the scheduler would have made. Pure: the range is the only time.
 * FIX_RATE has no slots of its own, only a rate: its slots start at `fromMs` (whole seconds).
 */
export function* slotTimes(spec: ScheduleSpec, fromMs: number, toMs: number): Generator<number> {
  let afterMs = spec.scheduleType === 'FIX_RATE' ? fromMs - parseFixRateSec(spec.scheduleConf) * 1000 : fromMs - 1
  // Each slot is later than the one before, so the walk ends at `toMs`.
  for (;;) {
    const nextMs = nextFireTimeMs(spec, afterMs)
    if (nextMs === null || nextMs >= toMs || nextMs <= afterMs) return
    yield nextMs
    afterMs = nextMs
  }
}

/** A range's slots as far as they were taken, and how many it holds. */
export interface SlotCount {
  /** The first `keep` slots, oldest first. */
  slots: number[]
  /** Slots counted: every slot of the range when `complete`, else `countUpTo` (there are more). */
  count: number
  complete: boolean
}

/** Slots taken between two turns of the event loop: a count of a million must not hold the node (its lease renews on the same loop). */
const SLOTS_PER_TURN = 10_000

/**
 * Takes the first `keep` of `slots` and counts on up to `countUpTo`, letting the event loop turn
 * (`pause`) every SLOTS_PER_TURN slots. Stops at `countUpTo`: a range of a per-second schedule
 * over years is not walked to its end to refuse it.
 */
export async function countSlots(slots: Iterable<number>, keep: number, countUpTo: number, pause: () => Promise<void>): Promise<SlotCount> {
  const taken: number[] = []
  let count = 0
  for (const slotMs of slots) {
    if (count === countUpTo) return { slots: taken, count, complete: false }
    count++
    if (taken.length < keep) taken.push(slotMs)
    if (count % SLOTS_PER_TURN === 0) await pause()
  }
  return { slots: taken, count, complete: true }
}

/** The slots in the order a backfill runs them. */
export function inOrder(slots: readonly number[], order: BackfillOrder): number[] {
  return order === 'NEWEST_FIRST' ? [...slots].reverse() : [...slots]
}
