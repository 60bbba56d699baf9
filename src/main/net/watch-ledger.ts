import type { ApiMethod, JobDeskApi } from '../../shared/api'

/**
 * The log watches one UI client holds (one browser tab, one window). When the client goes away —
 * a closed tab, a reloaded window — its watches are released, so they do not stay open forever.
 */
export class WatchLedger {
  private readonly counts = new Map<number, number>()

  /** Call after a successful API call made by this client. */
  note(method: ApiMethod, args: readonly unknown[]): void {
    const logId = args[0]
    if (typeof logId !== 'number') return
    if (method === 'watchRunLog') this.counts.set(logId, (this.counts.get(logId) ?? 0) + 1)
    if (method === 'unwatchRunLog') {
      const count = (this.counts.get(logId) ?? 0) - 1
      if (count > 0) this.counts.set(logId, count)
      else this.counts.delete(logId)
    }
  }

  /** Whether this client watches `logId` (an unwatch from one that does not is its own no-op, never another's tail). */
  holds(logId: unknown): boolean {
    return typeof logId === 'number' && (this.counts.get(logId) ?? 0) > 0
  }

  /** Unwatches everything this client still watches. */
  async release(api: Pick<JobDeskApi, 'unwatchRunLog'>): Promise<void> {
    const held = [...this.counts]
    this.counts.clear()
    for (const [logId, count] of held) {
      for (let i = 0; i < count; i++) await api.unwatchRunLog(logId).catch(() => undefined)
    }
  }
}
