import type { RunLog } from '../run-log-store'
import type { RunLogFile } from '../run-log-writer'

/**
 * A run's log while the packed store holds it: its lines in memory until they are packed into a
 * segment, or (once spilled) its own XXL-layout file.
 */
export class LiveLog implements RunLog {
  /** Lines not on disk yet, in order (counted only when read or packed: appends stay cheap). */
  text = ''
  /** The run's result line is in: it waits only for its callback line and never spills by age. */
  ended = false
  /** The run's last line is in; the lines go to the next packed batch. */
  closed = false
  /** Spilled: every line from now on goes to `<yyyy-MM-dd>/<logId>.log`. */
  file: RunLogFile | null = null
  /** Lines handed to a segment write; still read from here until the write is indexed. */
  writing: string | null = null
  /** Some of its lines are already packed (a block was written while it stayed live). */
  packedBefore = false
  /** In the store's list for the next batch. */
  queued = false
  /** Lines appended so far; a run with only its start line is waiting for a worker, not running. */
  appends = 0

  constructor(
    readonly logId: number,
    readonly logDateTimeMs: number,
    /** `yyyy-MM-dd` of `logDateTimeMs`. */
    readonly day: string,
    /** When its spill age started: at open, and again each time it was found still waiting to start. */
    public openedMs: number,
  ) {}
}

/**
 * Live logs in the order they were opened, to find runs that outlive the spill age. Ended, closed and
 * spilled ones are skipped lazily; the array is compacted as its head advances, so the logs behind
 * it can go — also while some run is always open, under a steady load of short runs.
 */
export class OpenOrder {
  private items: LiveLog[] = []
  private head = 0

  push(log: LiveLog): void {
    this.items.push(log)
  }

  /** The oldest run still executing with its log in memory, dropping others from the front. */
  oldestOpen(): LiveLog | null {
    while (this.head < this.items.length) {
      const log = this.items[this.head]
      if (!log.ended && !log.closed && !log.file) {
        this.compact()
        return log
      }
      this.head++
    }
    this.items = []
    this.head = 0
    return null
  }

  /** Removes and returns the oldest open log if it was opened at or before `openedByMs`. */
  takeOpenedBy(openedByMs: number): LiveLog | null {
    const log = this.oldestOpen()
    if (!log || log.openedMs > openedByMs) return null
    this.head++
    this.compact()
    return log
  }

  get length(): number {
    return this.items.length - this.head
  }

  /**
   * Drops the passed-over front once it is most of the array: the references there would keep
   * every ended run's log in memory (10k a second at B1's load) until no run at all was open.
   */
  private compact(): void {
    if (this.head > 1024 && this.head * 2 > this.items.length) {
      this.items = this.items.slice(this.head)
      this.head = 0
    }
  }
}
