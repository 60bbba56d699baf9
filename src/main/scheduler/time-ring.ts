import type { RingFire } from '../domain/fires'
import { PRE_READ_MS } from './plan-scan'

export const RING_SLOTS = 60
/** Slots behind the current one that every tick drains too (XXL-JOB 3.3+: 2), for ticks that ran late. */
export const RING_LOOK_BACK = 2
/**
 * How far back a tick after a stalled loop (a busy machine, a long pause) drains the seconds no tick
 * took, in seconds: as far as a fire may be late before it counts as a misfire (PRE_READ_MS, 5 s).
 * With the look-back alone, a loop stalled 3 s left that second's fires in the ring until the scan
 * found them over 5 s late and skipped them as misfires, though they were 3 s late when the loop woke.
 */
export const RING_CATCH_UP = PRE_READ_MS / 1000

/**
 * XXL-JOB's 60-slot second ring: a fire waits in slot (second of its fire time mod 60) and the tick of
 * that second takes it. Pure data structure; the ring loop supplies the time.
 *
 * One change from XXL-JOB: a fire pushed for a second the ring has already drained goes into the next
 * slot to drain, instead of waiting a full minute for its slot to come round again.
 */
export class TimeRing {
  private readonly slots: RingFire[][] = Array.from({ length: RING_SLOTS }, () => [])
  private lastDrainedSec = -Infinity
  private count = 0

  get size(): number {
    return this.count
  }

  /** Whether the tick of `fire`'s second has already run (a fire pushed now would wait for the next). */
  passed(fire: RingFire): boolean {
    return Math.floor(fire.fireAtMs / 1000) <= this.lastDrainedSec
  }

  push(fire: RingFire): void {
    const sec = this.passed(fire) ? this.lastDrainedSec + 1 : Math.floor(fire.fireAtMs / 1000)
    this.slots[slotOf(sec)].push(fire)
    this.count++
  }

  /**
   * Takes the fires of second `nowSec` and of the RING_LOOK_BACK seconds before it, or, after a gap
   * in the ticks, of every second since the last tick up to RING_CATCH_UP back; without duplicates
   * (the same job and scheduled time pushed twice fires once). Fires of a later minute that share a
   * slot stay where they are.
   */
  drain(nowSec: number): RingFire[] {
    const taken: RingFire[] = []
    const seen = new Set<string>()
    const missedSince = Number.isFinite(this.lastDrainedSec) ? this.lastDrainedSec + 1 : nowSec
    const reach = Math.min(RING_CATCH_UP, Math.max(RING_LOOK_BACK, nowSec - missedSince))
    for (let back = reach; back >= 0; back--) {
      const slot = this.slots[slotOf(nowSec - back)]
      if (slot.length === 0) continue
      const keep: RingFire[] = []
      for (const fire of slot) {
        if (Math.floor(fire.fireAtMs / 1000) > nowSec) {
          keep.push(fire)
          continue
        }
        this.count--
        const key = `${fire.jobId}:${fire.scheduleTimeMs}`
        if (seen.has(key)) continue
        seen.add(key)
        taken.push(fire)
      }
      this.slots[slotOf(nowSec - back)] = keep
    }
    this.lastDrainedSec = Math.max(this.lastDrainedSec, nowSec)
    return taken
  }

  /** Empties the ring; resolves with how many fires it held. */
  clear(): number {
    const dropped = this.count
    for (let i = 0; i < RING_SLOTS; i++) this.slots[i] = []
    this.count = 0
    return dropped
  }

  /** Everything still waiting (used on stop, for the status line). */
  pending(): RingFire[] {
    return this.slots.flat()
  }
}

function slotOf(sec: number): number {
  return ((sec % RING_SLOTS) + RING_SLOTS) % RING_SLOTS
}
