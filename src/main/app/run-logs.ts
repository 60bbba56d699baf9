import { NotFoundError } from '../../shared/errors'
import type { JobRun, LogPage } from '../../shared/model'
import type { LogRequest } from '../executor/executor-api'
import type { Store } from '../store/store'
import { EMBEDDED_ADDRESS, type ExecutorDirectory } from '../trigger/executor-directory'
import type { EventHub } from './events'

/** Subscribes to new lines of an embedded run's log; returns the unsubscribe function. */
export type WatchEmbeddedLog = (request: LogRequest, listener: (page: LogPage) => void) => () => void

/**
 * Run logs for the UI: read a page from the executor that ran the run, and push new lines of watched
 * runs as `run-log` events. The admin decides when a log is complete (handle code set and no new
 * lines), never the executor's `isEnd` alone (reference §4.6).
 */
export class RunLogs {
  private readonly watches = new Map<number, { count: number; stop: () => void }>()

  constructor(
    private readonly store: Store,
    private readonly executors: ExecutorDirectory,
    private readonly watchEmbedded: WatchEmbeddedLog | null,
    private readonly events: EventHub,
  ) {}

  async read(logId: number, fromLineNum: number): Promise<LogPage> {
    const run = this.getRun(logId)
    if (!run.executorAddress) {
      return { fromLineNum, toLineNum: 0, logContent: '', isEnd: run.triggerCode !== 0 || run.handleCode !== 0 }
    }
    const group = this.store.groups.get(run.jobGroup)
    const reply = await this.executors
      .forAddress(run.executorAddress, group)
      .log({ logId, logDateTime: run.triggerTimeMs, fromLineNum })
    if (reply.code !== 200 || !reply.data) {
      return { fromLineNum, toLineNum: 0, logContent: `reading the log failed: ${reply.msg ?? 'no reply'}`, isEnd: true }
    }
    return settle(reply.data, run)
  }

  watch(logId: number): void {
    const existing = this.watches.get(logId)
    if (existing) {
      existing.count++
      return
    }
    const run = this.getRun(logId)
    if (run.executorAddress !== EMBEDDED_ADDRESS || !this.watchEmbedded) return
    const stop = this.watchEmbedded({ logId, logDateTime: run.triggerTimeMs, fromLineNum: 1 }, (page) =>
      this.events.emit({ type: 'run-log', logId, page }),
    )
    this.watches.set(logId, { count: 1, stop })
  }

  unwatch(logId: number): void {
    const watch = this.watches.get(logId)
    if (!watch) return
    if (--watch.count > 0) return
    watch.stop()
    this.watches.delete(logId)
  }

  close(): void {
    for (const watch of this.watches.values()) watch.stop()
    this.watches.clear()
  }

  private getRun(logId: number): JobRun {
    const run = this.store.runs.get(logId)
    if (!run) throw new NotFoundError(`run ${logId} does not exist`)
    return run
  }
}

function settle(page: LogPage, run: JobRun): LogPage {
  const noNewLines = page.fromLineNum > page.toLineNum
  return { ...page, isEnd: noNewLines && run.handleCode > 0 }
}
