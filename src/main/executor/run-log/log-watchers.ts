import type { LogPage } from '../../../shared/model'
import type { Logger } from '../../kernel/logger'
import type { RunLogReader } from './run-log-reader'

interface Watcher {
  path: string
  nextLineNum: number
  listener: (page: LogPage) => void
  reading: boolean
  again: boolean
  closed: boolean
}

/**
 * Live tails of run logs. Every write goes through this process's RunLogWriter, which calls
 * `notify(path)` after it wrote; a watcher then reads the new lines and pushes them as one page
 * (fromLineNum..toLineNum, contiguous with the previous page). No polling and no fs.watch.
 */
export class LogWatchers {
  private readonly byPath = new Map<string, Set<Watcher>>()

  constructor(
    private readonly reader: RunLogReader,
    private readonly logger: Logger,
  ) {}

  watch(path: string, fromLineNum: number, listener: (page: LogPage) => void): () => void {
    const watcher: Watcher = { path, nextLineNum: Math.max(1, fromLineNum), listener, reading: false, again: false, closed: false }
    let set = this.byPath.get(path)
    if (!set) this.byPath.set(path, (set = new Set()))
    set.add(watcher)
    void this.pump(watcher)
    return () => {
      watcher.closed = true
      const current = this.byPath.get(path)
      current?.delete(watcher)
      if (current?.size === 0) this.byPath.delete(path)
    }
  }

  notify(path: string): void {
    const set = this.byPath.get(path)
    if (set) for (const watcher of set) void this.pump(watcher)
  }

  get count(): number {
    let n = 0
    for (const set of this.byPath.values()) n += set.size
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
        const page = await this.reader.read(watcher.path, watcher.nextLineNum)
        if (watcher.closed) return
        if (page && page.toLineNum >= watcher.nextLineNum) {
          watcher.nextLineNum = page.toLineNum + 1
          watcher.listener(page)
        }
      } while (watcher.again && !watcher.closed)
    } catch (error) {
      this.logger.warn('log tail read failed', { path: watcher.path, error: (error as Error).message })
    } finally {
      watcher.reading = false
    }
  }
}
