/** XXL-JOB forgets all per-job routing state once a day (ROUND, LFU, LRU). */
export const ROUTE_MEMORY_TTL_MS = 24 * 60 * 60 * 1000

/**
 * Per-job state of one stateful router. As in XXL-JOB the expiry is a single timestamp for the whole
 * map, not per job: the first access after it passes discards every job's entry and starts a new
 * 24 h period from that access.
 */
export class RouteMemory<T> {
  private byJobId = new Map<number, T>()
  private expiresAtMs = Number.NEGATIVE_INFINITY

  constructor(private readonly ttlMs: number = ROUTE_MEMORY_TTL_MS) {}

  /** The live map at `nowMs` (epoch ms), emptied first if the period has expired. */
  at(nowMs: number): Map<number, T> {
    if (nowMs > this.expiresAtMs) {
      this.byJobId = new Map()
      this.expiresAtMs = nowMs + this.ttlMs
    }
    return this.byJobId
  }
}
