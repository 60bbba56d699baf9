import { NotFoundError } from '../../shared/errors'
import { runStatus, type JobRun, type LogPage } from '../../shared/model'
import type { LogRequest } from '../executor/executor-api'
import type { Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { Store } from '../store/store'
import { EMBEDDED_ADDRESS, type ExecutorDirectory } from '../trigger/executor-directory'
import type { EventHub } from './events'
import { pageOfText } from './log-text'

/** Subscribes to new lines of an embedded run's log; returns the unsubscribe function. */
export type WatchEmbeddedLog = (request: LogRequest, listener: (page: LogPage) => void) => () => void

/** How often a watched LAN run's log is polled (B6: a LAN line should reach the UI within 300 ms). */
export const LAN_TAIL_POLL_MS = 200
/**
 * A finished LAN run's log is copied into the database this long after its completion: the executor
 * appends its "callback finish" line only after the admin accepted the callback.
 */
export const ARCHIVE_DELAY_MS = 2000
/** Log copies in flight at once, and waiting; beyond that the oldest waiting copy is skipped. */
const ARCHIVE_CONCURRENCY = 8
const ARCHIVE_QUEUE_MAX = 10_000

interface Watch {
  count: number
  stop: () => void
}

/**
 * Run logs for the UI and the OpenAPI. Embedded runs are read from the embedded executor and pushed
 * as their lines are written. LAN runs are read from their executor over `/log` (polled while
 * watched), and once finished their whole log is copied into the database, so it outlives the
 * executor within retention. The admin decides when a log is complete (handle code set and no new
 * lines), never the executor's `isEnd` alone (reference §4.6).
 */
export class RunLogs {
  private readonly watches = new Map<number, Watch>()
  private readonly archiveQueue: { logId: number; dueAtMs: number }[] = []
  private archiving = 0
  /** LAN runs triggered by this process and not finished: the ones whose logs are worth keeping. */
  private readonly lanRuns = new Set<number>()
  private archiveTimer: NodeJS.Timeout | null = null
  private closed = false

  constructor(
    private readonly store: Store,
    private readonly executors: ExecutorDirectory,
    private readonly watchEmbedded: WatchEmbeddedLog | null,
    private readonly events: EventHub,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  async read(logId: number, fromLineNum: number): Promise<LogPage> {
    const run = this.getRun(logId)
    const stored = this.store.logTexts.get(logId)
    if (stored !== undefined) return { ...pageOfText(stored, fromLineNum, true), source: 'kept' }
    if (!run.executorAddress) {
      return { fromLineNum, toLineNum: 0, logContent: '', isEnd: run.triggerCode !== 0 || run.handleCode !== 0 }
    }
    const reply = await this.executors
      .forAddress(run.executorAddress, this.store.groups.get(run.jobGroup))
      .log({ logId, logDateTime: run.triggerTimeMs, fromLineNum })
    if (reply.code !== 200 || !reply.data) {
      const executorError = `reading the log from ${run.executorAddress} failed: ${reply.msg ?? 'no reply'}`
      return { fromLineNum, toLineNum: 0, logContent: executorError, isEnd: true, source: 'executor', executorError }
    }
    return { ...settle(reply.data, this.getRun(logId)), source: 'executor' }
  }

  watch(logId: number, fromLineNum = 1): void {
    const existing = this.watches.get(logId)
    if (existing) {
      existing.count++
      return
    }
    const run = this.getRun(logId)
    const push = (page: LogPage) => this.events.emit({ type: 'run-log', logId, page })
    let stop: () => void
    if (run.executorAddress === EMBEDDED_ADDRESS && this.watchEmbedded) {
      stop = this.watchEmbedded({ logId, logDateTime: run.triggerTimeMs, fromLineNum }, push)
    } else if (run.executorAddress && runStatus(run) === 'running') {
      stop = this.pollLan(logId, fromLineNum, push)
    } else {
      return
    }
    this.watches.set(logId, { count: 1, stop })
  }

  unwatch(logId: number): void {
    const watch = this.watches.get(logId)
    if (!watch) return
    if (--watch.count > 0) return
    watch.stop()
    this.watches.delete(logId)
  }

  /** Notes a run accepted by a LAN executor (its log is kept once it finishes). */
  noteTriggered(logId: number, executorAddress: string): void {
    if (executorAddress && executorAddress !== EMBEDDED_ADDRESS) this.lanRuns.add(logId)
  }

  /** Queues the copy of finished LAN runs' logs into the database; other ids are ignored. */
  archiveLater(runIds: readonly number[]): void {
    const dueAtMs = this.clock.nowMs() + ARCHIVE_DELAY_MS
    for (const logId of runIds) {
      if (!this.lanRuns.delete(logId)) continue
      if (this.archiveQueue.length >= ARCHIVE_QUEUE_MAX) {
        const skipped = this.archiveQueue.shift()!
        this.logger.warn('run log not kept: the copy queue is full', { logId: skipped.logId })
      }
      this.archiveQueue.push({ logId, dueAtMs })
    }
    this.pumpArchive()
  }

  close(): void {
    this.closed = true
    if (this.archiveTimer) clearTimeout(this.archiveTimer)
    for (const watch of this.watches.values()) watch.stop()
    this.watches.clear()
  }

  /** Pages a LAN run's log over `/log` until it is finished and has no new lines. */
  private pollLan(logId: number, fromLineNum: number, push: (page: LogPage) => void): () => void {
    const abort = new AbortController()
    void (async () => {
      let nextLine = fromLineNum
      while (!abort.signal.aborted) {
        try {
          const page = await this.read(logId, nextLine)
          if (page.toLineNum >= nextLine) {
            push(page)
            nextLine = page.toLineNum + 1
          }
          if (page.isEnd) {
            push(page)
            return
          }
        } catch (error) {
          this.logger.warn('polling a LAN run log failed', { logId, error: (error as Error).message })
        }
        await this.clock.sleep(LAN_TAIL_POLL_MS, abort.signal)
      }
    })()
    return () => abort.abort()
  }

  private pumpArchive(): void {
    if (this.closed) return
    while (this.archiving < ARCHIVE_CONCURRENCY && this.archiveQueue.length > 0) {
      const next = this.archiveQueue[0]
      const waitMs = next.dueAtMs - this.clock.nowMs()
      if (waitMs > 0) {
        if (!this.archiveTimer) {
          this.archiveTimer = setTimeout(() => {
            this.archiveTimer = null
            this.pumpArchive()
          }, waitMs)
        }
        return
      }
      this.archiveQueue.shift()
      this.archiving++
      void this.archive(next.logId).finally(() => {
        this.archiving--
        this.pumpArchive()
      })
    }
  }

  private async archive(logId: number): Promise<void> {
    try {
      const run = this.store.runs.get(logId)
      if (!run) return
      const reply = await this.executors
        .forAddress(run.executorAddress, this.store.groups.get(run.jobGroup))
        .log({ logId, logDateTime: run.triggerTimeMs, fromLineNum: 1 })
      if (reply.code === 200 && reply.data && reply.data.toLineNum > 0) this.store.logTexts.set(logId, reply.data.logContent)
    } catch (error) {
      this.logger.warn('keeping a LAN run log failed', { logId, error: (error as Error).message })
    }
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
