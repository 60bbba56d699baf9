/**
 * The last few answers for one (expression, timezone). The scan asks every due job for its next fires in a
 * chain (after t0, after t1, … up to ~6 within the 5-s pre-read window), and jobs sharing an expression ask
 * the same chain, so a handful of slots answers all of them after the first job.
 */

/** Enough for a 1-second schedule's chain through the pre-read window, with room to spare. */
const SLOTS = 8

export class FireMemo {
  /** Query times in whole epoch seconds; NaN marks an empty slot. */
  private readonly fromSecs = new Float64Array(SLOTS).fill(Number.NaN)
  private readonly answersMs: (number | null)[] = new Array<number | null>(SLOTS).fill(null)
  /** Slots are reused round-robin. */
  private cursor = 0

  /** The remembered answer for `fromSec`, or undefined when there is none. */
  get(fromSec: number): number | null | undefined {
    const fromSecs = this.fromSecs
    for (let slot = 0; slot < SLOTS; slot++) {
      if (fromSecs[slot] === fromSec) return this.answersMs[slot]
    }
    return undefined
  }

  set(fromSec: number, answerMs: number | null): void {
    const slot = this.cursor
    this.fromSecs[slot] = fromSec
    this.answersMs[slot] = answerMs
    this.cursor = (slot + 1) % SLOTS
  }
}
