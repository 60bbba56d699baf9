import { SLOT_COUNT } from './runner-protocol'

/** Longest handle message (UTF-8 bytes) kept in shared memory; longer ones are posted at once. */
export const RESULT_MSG_BYTES = 256
const NO_MSG = -1
const NOT_KEPT = -2

/** Shared memory for one worker's results, one record per claim slot (see ResultArea). */
export function createResultBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(SLOT_COUNT * (INTS * Int32Array.BYTES_PER_ELEMENT + RESULT_MSG_BYTES))
}

/** Int32 fields per slot: code, message length, messages posted before the result. */
const INTS = 3

/** A result as kept in shared memory. */
export interface KeptResult {
  code: number
  msg: string | null
  /**
   * How many messages the thread had posted when the run ended (wraps at 2^32): the host may act on
   * the result only once it has received that many, or it would overtake the run's own log lines.
   */
  postedBefore: number
}

/**
 * Each finished run's handle code and message, written by the runner worker before it marks the
 * slot DONE and before the result joins the batch it posts at the end of its event-loop turn. If the
 * thread dies or is terminated before that batch is posted (a handler that spins or exits right after
 * other runs finished in the same turn), the host still reads the results here: batching results
 * never loses one.
 */
export class ResultArea {
  private readonly codes: Int32Array
  private readonly lengths: Int32Array
  private readonly posted: Int32Array
  private readonly text: Buffer

  constructor(buffer: SharedArrayBuffer) {
    const ints = SLOT_COUNT * Int32Array.BYTES_PER_ELEMENT
    this.codes = new Int32Array(buffer, 0, SLOT_COUNT)
    this.lengths = new Int32Array(buffer, ints, SLOT_COUNT)
    this.posted = new Int32Array(buffer, 2 * ints, SLOT_COUNT)
    this.text = Buffer.from(buffer, INTS * ints, SLOT_COUNT * RESULT_MSG_BYTES)
  }

  /** Keeps a result; false when it does not fit (the caller must post it before going on). */
  write(slot: number, code: number, msg: string | null, postedBefore: number): boolean {
    this.posted[slot] = postedBefore
    if ((code | 0) !== code) {
      this.lengths[slot] = NOT_KEPT
      return false
    }
    this.codes[slot] = code
    if (msg === null) {
      this.lengths[slot] = NO_MSG
      return true
    }
    // A string of n UTF-16 units takes at most 3n bytes: measure only when that could overflow.
    if (msg.length > RESULT_MSG_BYTES || (msg.length * 3 > RESULT_MSG_BYTES && Buffer.byteLength(msg) > RESULT_MSG_BYTES)) {
      this.lengths[slot] = NOT_KEPT
      return false
    }
    this.lengths[slot] = this.text.write(msg, slot * RESULT_MSG_BYTES, RESULT_MSG_BYTES, 'utf8')
    return true
  }

  /** The result kept for `slot`, or null when it did not fit (it was posted instead). */
  read(slot: number): KeptResult | null {
    const length = this.lengths[slot]
    if (length === NOT_KEPT) return null
    const msg = length === NO_MSG ? null : this.text.toString('utf8', slot * RESULT_MSG_BYTES, slot * RESULT_MSG_BYTES + length)
    return { code: this.codes[slot], msg, postedBefore: this.posted[slot] }
  }
}
