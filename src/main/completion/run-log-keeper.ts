import { EMBEDDED_ADDRESS_PREFIX, type JobRun, type LogPage } from '../../shared/model'
import { runPeriodically, type Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { KeptLog } from '../store/log-text-repo'
import type { Masker } from '../secrets/mask'
import { maskedPage } from '../secrets/mask-texts'
import type { Repos } from '../store/store'
import { type ExecutorDirectory } from '../trigger/executor-directory'
import { isEmbeddedAddress } from '../domain/embedded-address'
import type { RunEndedConsumer } from './run-ended'
import type { FlushResult } from './flush-result'

/**
 * A finished run's last pull waits this long after its completion: the executor appends its
 * "callback finish" line only after the admin accepted the callback.
 */
export const FINAL_PULL_DELAY_MS = 2000
/** How often the logs of running LAN runs are copied; a crash of the executor loses at most this much. */
export const DEFAULT_KEEP_PERIOD_MS = 5000
/** Largest copy kept per run; a longer log keeps its beginning and says where the rest is. */
export const KEPT_LOG_MAX_CHARS = 4_000_000
/** Running runs copied per pass, and pulls in flight at once. */
const RUNNING_PER_PASS = 500
const CONCURRENCY = 8
const QUEUE_MAX = 10_000
/** How long past the last final pull's due time a stop still starts pulls (slow executors, many runs). */
const CLOSE_GRACE_MS = 3000

interface Pull {
  logId: number
  dueAtMs: number
  /** After the run ended: a successful pull makes the copy final. */
  final: boolean
  /** A periodic pull of a running run. */
  running?: boolean
}

export interface RunLogKeeperDeps {
  store: Pick<Repos, 'runs' | 'groups' | 'logTexts'>
  executors: ExecutorDirectory
  clock: Clock
  logger: Logger
  keepPeriodMs: number
  /** Whether this node copies the logs of running runs now (one node of a cluster does, by lease). */
  keepsRunning?: () => boolean
  /** The secrets' masker: an executor's page is masked before it is kept. Default: nothing to mask. */
  masks?: () => Masker
}

/**
 * Keeps the log of every LAN run while its executor is still there: its new lines every
 * `keepPeriodMs` while it runs (and whenever a read brings them), the rest at its end — pulled once
 * at the completion, when the executor has just called back or answered a kill, and once more
 * FINAL_PULL_DELAY_MS later for its last lines. So a run that ends with its executor (killed, lost,
 * stopped) still shows what it wrote, and `getRunLog` answers when the executor is gone.
 */
export class RunLogKeeper implements RunEndedConsumer {
  readonly name = 'runLogs'
  private readonly queue: Pull[] = []
  private readonly inFlight = new Set<Promise<void>>()
  private readonly stop = new AbortController()
  private waking: AbortController | null = null
  private readonly loops: Promise<void>[] = []
  /** LAN runs known to be running (triggered here, or found running in the database). */
  private readonly lanRuns = new Set<number>()
  /** Runs with a pull of their running log queued: one is enough. */
  private readonly queuedRunning = new Set<number>()

  constructor(private readonly deps: RunLogKeeperDeps) {}

  start(): void {
    const { clock, keepPeriodMs } = this.deps
    this.loops.push(
      runPeriodically(
        clock,
        keepPeriodMs,
        this.stop.signal,
        () => this.keepRunning(),
        (error) => this.warn('keeping running run logs failed', error),
      ),
    )
  }

  /**
   * Stops copying; pulls in flight finish (before the store closes). The final pulls of runs that
   * ended are still made, at their due time (FINAL_PULL_DELAY_MS at most from now): dropping them
   * lost the line the executor writes after the callback ("callback finish"), the last of the log,
   * of every LAN run that ended in the 2 s before a graceful stop, and nothing pulls it after the
   * restart (the copy stays open, and the executor may be gone by the time anyone reads it).
   * Periodic copies of running runs are dropped: their executors keep them.
   */
  async close(): Promise<void> {
    this.stop.abort()
    this.waking?.abort()
    await Promise.all(this.loops)
    const finals = this.queue.splice(0).filter((pull) => pull.final)
    this.queuedRunning.clear()
    await Promise.all([...this.inFlight])
    await this.pullWhenDue(finals, this.deps.clock.nowMs() + FINAL_PULL_DELAY_MS + CLOSE_GRACE_MS)
  }

  /** A run accepted by a LAN executor: its log is worth keeping. */
  noteTriggered(logId: number, executorAddress: string): void {
    if (isLan(executorAddress)) this.lanRuns.add(logId)
  }

  /**
   * Told of every flush: the runs it completed get their pulls. Also after a stop began: the runs
   * the stop's last flush completes still get their final pull (`close` makes it).
   */
  onRunsEnded({ completedIds }: FlushResult): void {
    if (completedIds.length > 0) this.keepFinished(completedIds)
  }

  /** Runs that ended: pull what their executor still has, now and once more a little later. */
  keepFinished(runIds: readonly number[]): void {
    const nowMs = this.deps.clock.nowMs()
    for (const logId of runIds) {
      if (!this.lanRuns.delete(logId)) continue
      this.enqueue({ logId, dueAtMs: nowMs, final: false })
      this.enqueue({ logId, dueAtMs: nowMs + FINAL_PULL_DELAY_MS, final: true })
    }
    this.pump()
  }

  /** The copy of a run's log, if one was kept. */
  kept(logId: number): Promise<KeptLog | undefined> {
    return this.deps.store.logTexts.get(logId)
  }

  /** A page read from the executor: the lines that continue the copy are added to it. */
  async offer(logId: number, page: LogPage): Promise<void> {
    const copy = await this.kept(logId)
    if (copy?.complete) return
    const next = (copy?.lineCount ?? 0) + 1
    if (page.fromLineNum > next || page.toLineNum < next) return
    await this.append(
      logId,
      copy,
      next === page.fromLineNum ? page : { ...page, fromLineNum: next, logContent: dropLines(page.logContent, next - page.fromLineNum) },
    )
  }

  private async keepRunning(): Promise<void> {
    if (this.deps.keepsRunning && !this.deps.keepsRunning()) return
    for (const run of await this.deps.store.runs.findRunningOnLan(EMBEDDED_ADDRESS_PREFIX, RUNNING_PER_PASS)) {
      this.lanRuns.add(run.id)
      if (this.queuedRunning.has(run.id)) continue
      this.queuedRunning.add(run.id)
      this.enqueue({ logId: run.id, dueAtMs: 0, final: false, running: true })
    }
    this.pump()
  }

  private enqueue(pull: Pull): void {
    if (this.queue.length >= QUEUE_MAX) {
      const skipped = this.queue.shift()!
      if (skipped.running) this.queuedRunning.delete(skipped.logId)
      this.deps.logger.warn('run log not kept: the copy queue is full', { logId: skipped.logId })
    }
    // Kept in due order, so the head is always the next one due.
    let at = this.queue.length
    while (at > 0 && this.queue[at - 1].dueAtMs > pull.dueAtMs) at--
    this.queue.splice(at, 0, pull)
  }

  private pump(): void {
    if (this.stop.signal.aborted) return
    while (this.inFlight.size < CONCURRENCY && this.queue.length > 0) {
      const waitMs = this.queue[0].dueAtMs - this.deps.clock.nowMs()
      if (waitMs > 0) return this.wakeIn(waitMs)
      const pulling: Promise<void> = this.pull(this.queue.shift()!).finally(() => {
        this.inFlight.delete(pulling)
        this.pump()
      })
      this.inFlight.add(pulling)
    }
  }

  /** One sleep on the clock for the earliest pull not due yet; a sooner one replaces it. */
  private wakeIn(waitMs: number): void {
    this.waking?.abort()
    const waking = new AbortController()
    this.waking = waking
    void this.deps.clock.sleep(waitMs, AbortSignal.any([waking.signal, this.stop.signal])).then(() => {
      if (waking.signal.aborted) return
      this.waking = null
      this.pump()
    })
  }

  /** The stop's last pulls, in due order, CONCURRENCY at a time; those not started by `deadlineMs` are left. */
  private async pullWhenDue(pulls: readonly Pull[], deadlineMs: number): Promise<void> {
    const { clock, logger } = this.deps
    const pulling = new Set<Promise<void>>()
    for (const [index, pull] of pulls.entries()) {
      const waitMs = pull.dueAtMs - clock.nowMs()
      if (waitMs > 0) await clock.sleep(waitMs)
      while (pulling.size >= CONCURRENCY) await Promise.race(pulling)
      if (clock.nowMs() > deadlineMs) {
        logger.warn('run logs not kept to their end: JobDesk stopped first', { runs: pulls.length - index })
        break
      }
      const one: Promise<void> = this.pull(pull).finally(() => pulling.delete(one))
      pulling.add(one)
    }
    await Promise.all(pulling)
  }

  private async pull({ logId, final, running }: Pull): Promise<void> {
    if (running) this.queuedRunning.delete(logId)
    try {
      const run = await this.deps.store.runs.get(logId)
      if (!run || !isLan(run.executorAddress)) return
      const copy = await this.kept(logId)
      if (copy?.complete) return
      const fromLineNum = (copy?.lineCount ?? 0) + 1
      const reply = await (await this.executorOf(run)).log({ logId, logDateTime: run.triggerTimeMs, fromLineNum })
      if (reply.code !== 200 || !reply.data) {
        if (final) this.deps.logger.info('the end of a LAN run log could not be kept', { logId, error: reply.msg ?? `code ${reply.code}` })
        return
      }
      const page = this.deps.masks ? maskedPage(reply.data, this.deps.masks()) : reply.data
      if (page.fromLineNum === fromLineNum && page.toLineNum >= fromLineNum) await this.append(logId, copy, page)
      if (final && ((await this.kept(logId))?.lineCount ?? 0) > 0) await this.deps.store.logTexts.markComplete(logId)
    } catch (error) {
      this.warn('keeping a LAN run log failed', error, logId)
    }
  }

  private async append(logId: number, copy: KeptLog | undefined, page: LogPage): Promise<void> {
    const { logTexts } = this.deps.store
    const keptChars = copy?.text.length ?? 0
    if (keptChars + page.logContent.length <= KEPT_LOG_MAX_CHARS) {
      await logTexts.append(logId, page.fromLineNum, page.toLineNum, page.logContent)
      return
    }
    // Cut at a whole line, add a line that says so, and stop copying this run.
    const room = Math.max(0, KEPT_LOG_MAX_CHARS - keptChars)
    const lastBreak = page.logContent.lastIndexOf('\n', room - 1)
    const head = lastBreak < 0 ? '' : page.logContent.slice(0, lastBreak + 1)
    const headLines = countLines(head)
    const note = `[JobDesk kept the first ${(copy?.lineCount ?? 0) + headLines} lines of this log (a copy is capped at ${KEPT_LOG_MAX_CHARS} characters); the executor has the rest]\n`
    await logTexts.append(logId, page.fromLineNum, page.fromLineNum + headLines, head + note)
    await logTexts.markComplete(logId)
  }

  private async executorOf(run: JobRun) {
    return this.deps.executors.reachRun(run, await this.deps.store.groups.get(run.jobGroup))
  }

  private warn(what: string, error: unknown, logId?: number): void {
    this.deps.logger.warn(what, { ...(logId === undefined ? {} : { logId }), error: (error as Error)?.message ?? String(error) })
  }
}

function isLan(address: string): boolean {
  return address !== '' && !isEmbeddedAddress(address)
}

/** `text` without its first `count` lines. */
function dropLines(text: string, count: number): string {
  let at = 0
  for (let i = 0; i < count; i++) {
    const end = text.indexOf('\n', at)
    if (end < 0) return ''
    at = end + 1
  }
  return text.slice(at)
}

function countLines(text: string): number {
  let count = 0
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++
  return count
}
