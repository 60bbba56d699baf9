import type { LogPage } from '../../../shared/model'
import type { Logger } from '../../kernel/logger'
import type { LogRequest } from '../executor-api'

/** Reads a run's log page (the store's `read`). */
export type ReadRunLog = (logId: number, logDateTimeMs: number, fromLineNum: number) => Promise<LogPage | null>

interface Watcher {
  logId: number
  logDateTimeMs: number
  nextLineNum: number
  listener: (page: LogPage) => void
  reading: boolean
  again: boolean
  closed: boolean
}

/**
 * Live tails of run logs. Every line goes through this process's run-log store, which calls
 * `notify(logId)` when a run's log has new lines; a watcher then reads them and pushes them as one page
 * (fromLineNum..toLineNum, contiguous with the previous page). No polling and no fs.watch.
 */
export class LogWatchers {
  private readonly byLogId = new Map<number, Set<Watcher>>()

  constructor(
    private readonly read: ReadRunLog,
    private readonly logger: Logger,
  ) {}

  watch(request: LogRequest, listener: (page: LogPage) => void): () => void {
    const watcher: Watcher = {
      logId: request.logId,
      logDateTimeMs: request.logDateTime,
      nextLineNum: Math.max(1, request.fromLineNum),
      listener,
      reading: false,
      again: false,
      closed: false,
    }
    let set = this.byLogId.get(watcher.logId)
    if (!set) this.byLogId.set(watcher.logId, (set = new Set()))
    set.add(watcher)
    void this.pump(watcher)
    return () => {
      watcher.closed = true
      const current = this.byLogId.get(watcher.logId)
      current?.delete(watcher)
      if (current?.size === 0) this.byLogId.delete(watcher.logId)
    }
  }

  /** Called for every write, so it costs one size check when nobody watches. */
  notify(logId: number): void {
    if (this.byLogId.size === 0) return
    const set = this.byLogId.get(logId)
    if (set) for (const watcher of set) void this.pump(watcher)
  }

  get count(): number {
    let n = 0
    for (const set of this.byLogId.values()) n += set.size
    return n
  }

  private async pump(watcher: Watcher): Promise<void> {
    if (watcher.reading) {
      watcher.again = true
      return
    }
    watcher.reading = true
    try {
      do {
        watcher.again = false
        const page = await this.read(watcher.logId, watcher.logDateTimeMs, watcher.nextLineNum)
        if (watcher.closed) return
        if (page && page.toLineNum >= watcher.nextLineNum) {
          watcher.nextLineNum = page.toLineNum + 1
          watcher.listener(page)
        }
      } while (watcher.again && !watcher.closed)
    } catch (error) {
      this.logger.warn('log tail read failed', { logId: watcher.logId, error: (error as Error).message })
    } finally {
      watcher.reading = false
    }
  }
}
