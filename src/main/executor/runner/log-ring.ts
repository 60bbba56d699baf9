/**
 * A runner thread's log lines on their way to the host, in shared memory: one writer (the thread),
 * one reader (the host). A message per line cost the host a deserialisation and an event per line,
 * and it split the thread's batch of results in two around every line; through the ring a turn's
 * lines ride on the one message that ends the turn. Because the ring is shared, the host can also
 * read it while the thread is stuck in a handler, before it kills the thread, and after the thread
 * died: a line written before a hang, a kill or a crash is never lost to batching.
 *
 * Every line has a sequence number, counted by the thread for the lines it writes here and for those
 * it posts instead (a line too long for the ring, or a ring the host has not emptied yet). The host
 * takes lines strictly in that order (`LogRingReader.drain` stops at a gap: the missing line is a
 * message on its way), so the ring never reorders a run's log.
 */

/** Bytes of the ring: about 3,000 ordinary lines. A power of two, so positions map with a mask. */
export const LOG_RING_BYTES = 256 * 1024
/** A line longer than this (its UTF-8 bytes with its header) is posted instead. */
export const LOG_RING_MAX_ENTRY = LOG_RING_BYTES / 4

const MASK = LOG_RING_BYTES - 1
/** Header of the shared buffer: int32 bytes written and bytes read, both counted for ever (wrapping). */
const WRITTEN = 0
const READ = 1
const HEADER_BYTES = 8
/** An entry: int32 length (with padding), sequence number, request id, line, where's bytes, text's bytes; then the bytes. */
const ENTRY_INTS = 6
const ENTRY_HEAD = ENTRY_INTS * 4
/** In place of an entry's length: the rest of the ring up to its end is unused, the next entry starts at 0. */
const WRAP = -1

export function createLogRingBuffer(): SharedArrayBuffer {
  return new SharedArrayBuffer(HEADER_BYTES + LOG_RING_BYTES)
}

/** Takes one line as the host reads it (positional: no object per line). */
export type TakeLine = (requestId: number, where: string, line: number, text: string) => void

const align4 = (bytes: number): number => (bytes + 3) & ~3

class RingView {
  protected readonly header: Int32Array
  protected readonly ints: Int32Array
  protected readonly bytes: Buffer

  constructor(buffer: SharedArrayBuffer) {
    this.header = new Int32Array(buffer, 0, 2)
    this.ints = new Int32Array(buffer, HEADER_BYTES, LOG_RING_BYTES / 4)
    this.bytes = Buffer.from(buffer, HEADER_BYTES, LOG_RING_BYTES)
  }
}

/** The thread's side. */
export class LogRingWriter extends RingView {
  private written = 0

  /** Appends one line; false when it does not fit now (the caller posts it instead). */
  write(seq: number, requestId: number, line: number, where: string, text: string): boolean {
    // A string of n UTF-16 units takes at most 3n bytes: measure only when that bound is too long.
    let need = align4(ENTRY_HEAD + (where.length + text.length) * 3)
    if (need > LOG_RING_MAX_ENTRY) {
      need = align4(ENTRY_HEAD + Buffer.byteLength(where) + Buffer.byteLength(text))
      if (need > LOG_RING_MAX_ENTRY) return false
    }
    let at = this.written & MASK
    const toEnd = LOG_RING_BYTES - at
    const skip = need > toEnd ? toEnd : 0
    const used = (this.written - Atomics.load(this.header, READ)) | 0
    if (used + skip + need > LOG_RING_BYTES) return false
    if (skip > 0) {
      this.ints[at >> 2] = WRAP
      this.written = (this.written + skip) | 0
      at = 0
    }
    const whereBytes = this.bytes.write(where, at + ENTRY_HEAD, 'utf8')
    const textBytes = this.bytes.write(text, at + ENTRY_HEAD + whereBytes, 'utf8')
    const length = align4(ENTRY_HEAD + whereBytes + textBytes)
    const i = at >> 2
    this.ints[i] = length
    this.ints[i + 1] = seq
    this.ints[i + 2] = requestId
    this.ints[i + 3] = line
    this.ints[i + 4] = whereBytes
    this.ints[i + 5] = textBytes
    this.written = (this.written + length) | 0
    // Publishes the entry: a reader that loads this count sees every byte written before it.
    Atomics.store(this.header, WRITTEN, this.written)
    return true
  }
}

/** The host's side: takes lines in sequence order from `nextSeq` on. */
export class LogRingReader extends RingView {
  private read = 0
  /** The sequence number of the next line the host takes (from the ring or from a message). */
  nextSeq = 0

  /**
   * Hands over the ring's lines in order until it is empty or, unless `ignoreGaps`, until the next
   * line is not `nextSeq` (the one before it is a message still on its way). `ignoreGaps` is for a
   * thread that is gone: no message will come any more.
   */
  drain(take: TakeLine, ignoreGaps = false): void {
    const written = Atomics.load(this.header, WRITTEN)
    if (this.read === written) return
    while (this.read !== written) {
      const at = this.read & MASK
      const i = at >> 2
      const length = this.ints[i]
      if (length === WRAP) {
        this.read = (this.read + (LOG_RING_BYTES - at)) | 0
        continue
      }
      const seq = this.ints[i + 1]
      if (seq !== this.nextSeq && !ignoreGaps) break
      const whereBytes = this.ints[i + 4]
      const textStart = at + ENTRY_HEAD + whereBytes
      const where = this.bytes.toString('utf8', at + ENTRY_HEAD, textStart)
      const text = this.bytes.toString('utf8', textStart, textStart + this.ints[i + 5])
      this.read = (this.read + length) | 0
      this.nextSeq = (seq + 1) | 0
      take(this.ints[i + 2], where, this.ints[i + 3], text)
    }
    // Frees the space read for the writer.
    Atomics.store(this.header, READ, this.read)
  }

  /** The line numbered `seq` came as a message: the ring's lines after it may follow. */
  tookPosted(seq: number): void {
    this.nextSeq = (seq + 1) | 0
  }
}
