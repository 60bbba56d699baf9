import { systemClock, type Clock } from '../kernel/clock'
import { eventOf, idChunks, ListenerSet, type ClusterEvent, type ClusterEventChannel } from './cluster-events'
import type { EventRepo } from './event-repo'

/** How often the table is read: events reach the other nodes within about this (≤ 1 s promised). */
const POLL_PERIOD_MS = 250
/** Rows read per poll; a busier table is read again at the next poll. */
const ROWS_PER_POLL = 500
/** Events are for live consoles; older rows only fill the table. */
export const EVENT_AGE_KEPT_MS = 60_000
/** Every 40 polls (10 s) the old rows go. */
const POLLS_PER_CLEANUP = 40
/**
 * An id skipped by a read may belong to an insert that had not committed yet (MySQL hands out
 * auto-increment ids before commit, so ids commit out of order): it is asked for again this long.
 */
const GAP_WAIT_MS = 2_000
/** A jump of more ids than this is not an uncommitted insert (e.g. auto_increment_increment): not tracked. */
const MAX_GAP = 100

/**
 * The cluster event channel over the `job_event` table, for MySQL and SQLite (two processes on
 * one file): publishing inserts a row, every open store reads the rows after the last it saw a few
 * times a second, and now and then deletes the rows older than a minute. The read position starts
 * at the newest row when the store opens, so a node hears what was published after it opened.
 */
export class TableEventChannel implements ClusterEventChannel {
  private readonly listeners = new ListenerSet()
  private lastId = 0
  /** Ids below lastId not read yet, with when they were first missed. */
  private readonly gaps = new Map<number, number>()
  private readonly started: Promise<void>
  private timer: NodeJS.Timeout | null = null
  private polling: Promise<void> | null = null
  private polls = 0
  private stopped = false

  constructor(
    private readonly nodeEvents: EventRepo,
    private readonly clock: Clock = systemClock,
    /** How many polls between two clean-ups (tests clean up at every poll). */
    private readonly pollsPerCleanup = POLLS_PER_CLEANUP,
  ) {
    this.started = this.start()
  }

  /** Resolves once the read position is known (the store's open waits for it). */
  ready(): Promise<void> {
    return this.started
  }

  async publish(event: ClusterEvent): Promise<void> {
    const nowMs = this.clock.nowMs()
    for (const ids of idChunks(event.ids)) await this.nodeEvents.add(event.nodeId, event.topic, ids, nowMs)
  }

  subscribe(listener: (event: ClusterEvent) => void): () => void {
    return this.listeners.add(listener)
  }

  async close(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await this.started
    await this.polling
    this.listeners.clear()
  }

  private async start(): Promise<void> {
    try {
      this.lastId = await this.nodeEvents.lastId()
    } catch {
      // The first poll reads from the start of the table instead (at most a minute of rows).
    }
    this.schedule()
  }

  /**
   * A plain timer rather than the injected clock: other processes write the table in real time, and
   * an unref'd timer lets a process whose store was left open still exit.
   */
  private schedule(): void {
    if (this.stopped) return
    this.timer = setTimeout(() => {
      this.polling = this.poll().finally(() => {
        this.polling = null
        this.schedule()
      })
    }, POLL_PERIOD_MS)
    this.timer.unref()
  }

  private async poll(): Promise<void> {
    try {
      const nowMs = this.clock.nowMs()
      const rows = await this.nodeEvents.after(this.lastId, [...this.gaps.keys()], ROWS_PER_POLL)
      for (const row of rows) {
        if (row.id > this.lastId) {
          if (row.id - this.lastId <= MAX_GAP) for (let id = this.lastId + 1; id < row.id; id++) this.gaps.set(id, nowMs)
          this.lastId = row.id
        } else {
          this.gaps.delete(row.id)
        }
        const event = eventOf(row.nodeId, row.topic, row.ids)
        if (event && !this.stopped) this.listeners.emit(event)
      }
      for (const [id, missedAtMs] of this.gaps) if (nowMs - missedAtMs > GAP_WAIT_MS) this.gaps.delete(id)
      if (++this.polls % this.pollsPerCleanup === 0) await this.cleanUp(nowMs)
    } catch {
      // The database is away for now (a restart, a busy file); the next poll tries again.
    }
  }

  private async cleanUp(nowMs: number): Promise<void> {
    await this.nodeEvents.deleteOlderThan(nowMs - EVENT_AGE_KEPT_MS)
    // A table emptied and restarted (restored from a backup) would otherwise never be read again:
    // what it holds now was written after the restart (older rows just went), so it is read from
    // its start.
    const lastId = await this.nodeEvents.lastId()
    if (lastId < this.lastId) {
      this.lastId = 0
      this.gaps.clear()
    }
  }
}
