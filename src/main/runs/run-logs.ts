import { notFound } from '../../shared/messages/coded-errors'
import { HANDLE_CODE, type JobRun, type LogPage, runStatus, TRIGGER_CODE } from '../../shared/model'
import type { LogRequest } from '../executor/executor-api'
import type { Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { Repos } from '../store/store'
import { type ExecutorDirectory } from '../trigger/executor-directory'
import { isEmbeddedAddress } from '../domain/embedded-address'
import type { EventHub } from '../kernel/events'
import { pageOfText } from './log-text'
import type { RunLogKeeper } from '../completion/run-log-keeper'
import { NO_MASK, type Masker } from '../secrets/mask'
import { maskedPage } from '../secrets/mask-texts'

/** Subscribes to new lines of an embedded run's log; returns the unsubscribe function. */
export type WatchEmbeddedLog = (request: LogRequest, listener: (page: LogPage) => void) => () => void

/** How often a watched LAN run's log is polled (docs/benchmarks.md#b6-log-tail: a LAN line should reach the UI within 300 ms). */
export const LAN_TAIL_POLL_MS = 200
/** Longest executor error quoted in a page. */
const ERROR_MAX_CHARS = 300

interface Watch {
  count: number
  stop: () => void
}

/**
 * Run logs for the UI and the OpenAPI. Embedded runs are read from the embedded executor and pushed
 * as their lines are written. LAN runs are read from their executor over `/log` (polled while
 * watched); the keeper copies their logs into the database while they run and at their end, so a
 * finished run's log is read from that copy, and any run's log is answered from it when the
 * executor is gone or unreachable (`source: 'kept'`, with the executor's error). The admin decides
 * when a log is complete (handle code set and no new lines), never the executor's `isEnd` alone
 * (docs/protocol.md#run-log-files).
 */
export class RunLogs {
  private readonly watches = new Map<number, Watch>()

  constructor(
    private readonly store: Pick<Repos, 'runs' | 'groups'>,
    private readonly executors: ExecutorDirectory,
    private readonly watchEmbedded: WatchEmbeddedLog | null,
    private readonly events: EventHub,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly keeper: RunLogKeeper,
    /** The secrets' masker: a LAN or foreign executor's page is masked before it is kept or shown. */
    private readonly masks: () => Masker = () => NO_MASK,
  ) {}

  async read(logId: number, fromLineNum: number): Promise<LogPage> {
    const run = await this.getRun(logId)
    const ended = runStatus(run) !== 'running' && runStatus(run) !== 'pending'
    const copy = await this.keeper.kept(logId)
    if (copy?.complete && ended) return { ...pageOfText(copy.text, fromLineNum, true), source: 'kept' }
    if (!run.executorAddress) {
      return { fromLineNum, toLineNum: 0, logContent: '', isEnd: run.triggerCode !== TRIGGER_CODE.pending || run.handleCode !== HANDLE_CODE.none }
    }
    let reply
    try {
      const executor = await this.executors.reachRun(run, await this.store.groups.get(run.jobGroup))
      reply = await executor.log({ logId, logDateTime: run.triggerTimeMs, fromLineNum })
    } catch (error) {
      reply = { code: 500, msg: (error as Error).message, data: null }
    }
    if (reply.code === 200 && reply.data) {
      // The embedded executor masks as it writes; another executor's text is masked here.
      const page = isEmbeddedAddress(run.executorAddress) ? reply.data : maskedPage(reply.data, this.masks())
      if (!isEmbeddedAddress(run.executorAddress)) await this.keeper.offer(logId, page)
      return settle(page, await this.getRun(logId))
    }
    const executorError = cut(reply.msg ?? `the executor answered code ${reply.code}`)
    if (copy) return { ...pageOfText(copy.text, fromLineNum, ended), source: 'kept', executorError }
    if (isEmbeddedAddress(run.executorAddress)) {
      return { fromLineNum, toLineNum: 0, logContent: `reading the log from ${run.executorAddress} failed: ${executorError}`, isEnd: true }
    }
    // Nothing was kept (the executor went before the first copy): an empty page that says why.
    return { fromLineNum, toLineNum: 0, logContent: '', isEnd: ended, source: 'kept', executorError }
  }

  async watch(logId: number, fromLineNum = 1): Promise<void> {
    const existing = this.watches.get(logId)
    if (existing) {
      existing.count++
      return
    }
    const run = await this.getRun(logId)
    // A second watch may have started while the run was read.
    const raced = this.watches.get(logId)
    if (raced) {
      raced.count++
      return
    }
    const push = (page: LogPage) => this.events.emit({ type: 'run-log', logId, page })
    let stop: () => void
    if (run.executorAddress === this.executors.embeddedAddress && this.watchEmbedded) {
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

  close(): void {
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

  private async getRun(logId: number): Promise<JobRun> {
    const run = await this.store.runs.get(logId)
    if (!run) throw notFound('run.notFound', { id: logId })
    return run
  }
}

function cut(text: string): string {
  return text.length > ERROR_MAX_CHARS ? `${text.slice(0, ERROR_MAX_CHARS)}…` : text
}

function settle(page: LogPage, run: JobRun): LogPage {
  const noNewLines = page.fromLineNum > page.toLineNum
  return { ...page, isEnd: noNewLines && run.handleCode > HANDLE_CODE.none }
}
