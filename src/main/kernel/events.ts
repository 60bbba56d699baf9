import type { JobDeskEvent } from '../../shared/api'
import type { JobRun } from '../../shared/model'

export type EventListener = (event: JobDeskEvent) => void

/** Most run rows one `runs-changed` event carries; a UI that needs more re-reads its page. */
export const MAX_RUNS_PER_EVENT = 500

/**
 * Fans core events out to every UI client. Run changes arrive at up to thousands per second, so they
 * are coalesced: ids collect for `runsWindowMs` and go out as one event with the latest rows.
 */
export class EventHub {
  /** UI clients: every event, the rows of changed runs included. */
  private readonly listeners = new Set<EventListener>()
  /** The core's own parts, each for one kind of event; they never ask for run rows. */
  private readonly typed = new Set<EventListener>()
  private changedRunIds = new Set<number>()
  private timer: NodeJS.Timeout | null = null

  constructor(
    private readonly loadRuns: (ids: number[]) => Promise<JobRun[]>,
    private readonly runsWindowMs = 200,
  ) {}

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * Tells `listener` of events of one `type` (not `runs-changed`): a part of the core listening does
   * not make the hub read changed runs back, which only UI clients want (at 10k runs a second it
   * read 2,500 rows a second for nobody).
   */
  on<T extends Exclude<JobDeskEvent['type'], 'runs-changed'>>(type: T, listener: (event: Extract<JobDeskEvent, { type: T }>) => void): () => void {
    const typed: EventListener = (event) => {
      if (event.type === type) listener(event as Extract<JobDeskEvent, { type: T }>)
    }
    this.typed.add(typed)
    return () => this.typed.delete(typed)
  }

  emit(event: JobDeskEvent): void {
    for (const listeners of [this.listeners, this.typed]) {
      for (const listener of listeners) {
        try {
          listener(event)
        } catch {
          // A broken UI client (or part) must not break the core.
        }
      }
    }
  }

  runsChanged(ids: Iterable<number>): void {
    if (this.listeners.size === 0) return
    for (const id of ids) this.changedRunIds.add(id)
    if (!this.timer && this.changedRunIds.size > 0) this.timer = setTimeout(() => this.flushRuns(), this.runsWindowMs)
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.listeners.clear()
  }

  private flushRuns(): void {
    this.timer = null
    const all = [...this.changedRunIds].sort((a, b) => b - a)
    this.changedRunIds = new Set()
    const ids = all.slice(0, MAX_RUNS_PER_EVENT)
    if (ids.length === 0) return
    this.loadRuns(ids).then(
      (runs) => this.emit({ type: 'runs-changed', runs, truncated: all.length > ids.length }),
      // The store is closing (or away): the UI re-reads its page when it reconnects.
      () => {},
    )
  }
}
