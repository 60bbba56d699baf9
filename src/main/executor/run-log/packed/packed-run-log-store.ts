import { open, type FileHandle } from 'node:fs/promises'
import { join } from 'node:path'
import type { LogPage } from '../../../../shared/model'
import type { Clock } from '../../../kernel/clock'
import { flattened } from '../../../kernel/flat-string'
import type { Logger } from '../../../kernel/logger'
import { logDateDir, runLogPath } from '../log-format'
import { countLines, pageLogParts, type LogText } from '../log-page'
import { withLostLines, withOwedMarker } from '../lost-lines'
import { RunLogReader } from '../run-log-reader'
import type { RunLog, RunLogChanged, RunLogStore } from '../run-log-store'
import { RunLogWriter } from '../run-log-writer'
import { IndexCache } from './index-cache'
import { LiveLog, OpenOrder } from './live-log'
import { PackedDay, type BlockSource, type FoundBlock } from './packed-day'

export interface PackedRunLogOptions {
  logDir: string
  clock: Clock
  logger: Logger
  onChanged: RunLogChanged
  /** A run still open this long (injected clock) moves to its own file. Default 1000. */
  spillAfterMs?: number
  /** A run holding more than this many characters in memory moves to its own file. Default 262,144. */
  spillChars?: number
  /** Finished runs are packed in one write per day at most this often. Default 10. */
  flushDelayMs?: number
  /** Segment files roll at this size. Default 64 MiB. */
  segmentMaxBytes?: number
  /** Memory for indexes of segments no longer written (loaded for reads). Default 32 MiB. */
  indexCacheBytes?: number
}

/**
 * A live run's text is kept flat up to this size (kernel/flat-string.ts): an ordinary run's four
 * lines are ~600 characters. Past it the copy on every append would grow with the text.
 */
const FLAT_TEXT_MAX_CHARS = 4096

/** A day's open segment closes after this long without a batch (midnight rolls the date folder). */
const DAY_IDLE_CLOSE_MS = 60_000

/**
 * The packed run-log layout for the embedded executor, where creating one file per run would cost
 * more CPU than the run itself (~0.5–1 ms per file on ext4 against a ~25 µs budget per fire).
 *
 * - While a run is live its lines are kept in memory; reads and live tails are served from there.
 * - When its last line is in (`close`, after the callback line), its lines join the next batch: one
 *   segment write per date folder every `flushDelayMs`, then one index write (packed-day.ts).
 * - A run still executing after `spillAfterMs`, or holding more than `spillChars`, spills: its lines
 *   go to `<yyyy-MM-dd>/<logId>.log` and it continues there as in the files layout, so a long run's
 *   log survives a crash mid-run. A run that ended and waits only for its callback line does not
 *   spill by age (slow callback delivery must not turn into a file per run).
 * - A read merges, in order: the run's own file (if any), its packed blocks, its lines in memory.
 *   Retention deletes date folders wholesale, segments included.
 *
 * What a crash (kill -9) loses: the in-memory lines of runs executing for less than `spillAfterMs`,
 * of ended runs whose callback is not delivered yet (milliseconds when embedded), and of closed runs
 * waiting for the next batch or its index write (≤ `flushDelayMs` plus one write). Written bytes are in the OS page
 * cache, so only a machine crash or power loss can lose more (nothing here fsyncs). A block whose
 * index record did not make it to disk is not found after a restart; a torn or zero-filled index
 * record is skipped. One process per log folder: segments are numbered per folder, not locked.
 *
 * A logId reused after its earlier lines were packed (never done by the admin, which numbers runs)
 * may read those packed lines after the lines of a later spill.
 */
export class PackedRunLogStore implements RunLogStore {
  private readonly live = new Map<number, LiveLog>()
  private readonly order = new OpenOrder()
  private pending: LiveLog[] = []
  private readonly days = new Map<string, PackedDay>()
  private readonly cache: IndexCache
  private readonly writer: RunLogWriter
  private readonly reader = new RunLogReader()
  private flushTimer: NodeJS.Timeout | null = null
  private spillWake: AbortController | null = null
  private stopped = false
  private readonly spillAfterMs: number
  private readonly spillChars: number
  private readonly flushDelayMs: number

  constructor(private readonly options: PackedRunLogOptions) {
    this.spillAfterMs = options.spillAfterMs ?? 1000
    this.spillChars = options.spillChars ?? 256 * 1024
    this.flushDelayMs = options.flushDelayMs ?? 10
    this.cache = new IndexCache(options.indexCacheBytes ?? 32 * 1024 * 1024)
    this.writer = new RunLogWriter(options.logger, (file) => options.onChanged(file.logId))
  }

  /** Runs whose lines are in memory or spilled and not closed (diagnostics and tests). */
  get liveCount(): number {
    return this.live.size
  }

  open(logId: number, logDateTimeMs: number): RunLog {
    const day = logDateDir(logDateTimeMs)
    const known = this.live.get(logId)
    if (known?.day === day) {
      known.closed = false
      return known
    }
    // The same logId on another date (two admins sharing an executor): that one finishes in its file.
    if (known) this.retire(known)
    const log = new LiveLog(logId, logDateTimeMs, day, this.options.clock.nowMs())
    this.live.set(logId, log)
    this.order.push(log)
    this.armSpill()
    return log
  }

  append(handle: RunLog, text: string): void {
    let log = handle as LiveLog
    // A handle whose lines were all written out: later lines start a new stretch of the same log.
    if (this.live.get(log.logId) !== log) log = this.open(log.logId, log.logDateTimeMs) as LiveLog
    if (log.file) return this.writer.append(log.file, text)
    log.appends++
    log.text += text
    if (log.text.length <= FLAT_TEXT_MAX_CHARS) log.text = flattened(log.text)
    if (log.text.length > this.spillChars) this.spill(log)
    this.options.onChanged(log.logId)
  }

  markEnded(handle: RunLog): void {
    const log = handle as LiveLog
    if (this.live.get(log.logId) === log) log.ended = true
  }

  close(handle: RunLog): void {
    let log = handle as LiveLog
    if (this.live.get(log.logId) !== log) {
      const current = this.live.get(log.logId)
      if (current?.day !== log.day) return
      log = current
    }
    if (log.file) {
      this.writer.close(log.file)
      this.release(log)
      return
    }
    log.closed = true
    if (!log.queued) {
      log.queued = true
      this.pending.push(log)
    }
    this.flushTimer ??= setTimeout(() => this.flush(), this.flushDelayMs)
  }

  async read(logId: number, logDateTimeMs: number, fromLineNum: number): Promise<LogPage | null> {
    const path = runLogPath(this.options.logDir, logDateTimeMs, logId)
    await this.writer.flushPath(path)
    const file = withOwedMarker(await this.reader.readLines(path, fromLineNum), this.writer.owedMarker(path), fromLineNum)
    const day = this.dayFor(logDateDir(logDateTimeMs))
    const held = await day.prepareLookup(logId)
    // From here to the block reads nothing yields: blocks and memory are one consistent snapshot.
    const blocks = day.blocksOf(logId, held)
    const log = this.live.get(logId)
    const memory: LogText[] = []
    if (log && log.day === day.key && !log.file) {
      if (log.writing) memory.push({ text: log.writing, lines: countLines(log.writing) })
      memory.push({ text: log.text, lines: countLines(log.text) })
    }
    if (!file && blocks.length === 0 && memory.length === 0) return null
    const linesBefore = file?.totalLines ?? 0
    const packed = await readBlocks(blocks, Math.max(1, fromLineNum) - 1 - linesBefore)
    return withLostLines(pageLogParts([...packed, ...memory], fromLineNum, linesBefore, file?.text ?? ''), this.writer.lostLines(logId))
  }

  forgetDays(days: readonly string[]): void {
    for (const key of days) {
      const day = this.days.get(key)
      if (day) {
        this.days.delete(key)
        day.forget()
        void day.close()
      }
      this.writer.forgetDir(join(this.options.logDir, key))
    }
  }

  /** Packs every closed run now and resolves once all of it is written. */
  async settle(): Promise<void> {
    for (;;) {
      this.flush()
      const busy = [...this.days.values()].filter((day) => day.writing)
      if (busy.length === 0) return
      await Promise.all(busy.map((day) => day.idle()))
    }
  }

  async drain(): Promise<void> {
    this.stopped = true
    this.spillWake?.abort()
    this.spillWake = null
    for (const log of this.live.values()) {
      if (log.file || (log.text === '' && !log.writing)) continue
      log.closed = true
      if (!log.queued) {
        log.queued = true
        this.pending.push(log)
      }
    }
    await this.settle()
    await this.writer.drain()
    await Promise.all([...this.days.values()].map((day) => day.close()))
  }

  /** Hands every closed run's lines to its day's next segment write. */
  private flush(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer)
    this.flushTimer = null
    const list = this.pending
    this.pending = []
    const nowMs = this.options.clock.nowMs()
    // Nearly every batch is for one date folder.
    let batchDay = ''
    let batch: LiveLog[] = []
    for (const log of list) {
      log.queued = false
      // Reopened, spilled, or with a block still being written (onWritten queues it again).
      if (!log.closed || log.file || log.writing || this.live.get(log.logId) !== log) continue
      if (log.text === '') {
        this.release(log)
        continue
      }
      log.writing = log.text
      log.text = ''
      if (log.day !== batchDay) {
        if (batch.length > 0) this.dayFor(batchDay).write(batch, nowMs)
        batchDay = log.day
        batch = []
      }
      batch.push(log)
    }
    if (batch.length > 0) this.dayFor(batchDay).write(batch, nowMs)
    for (const day of this.days.values()) {
      if (day.hasOpenSegment && !day.writing && nowMs - day.lastWriteMs > DAY_IDLE_CLOSE_MS) void day.close()
    }
  }

  private onWritten(batch: readonly BlockSource[], ok: boolean): void {
    for (const source of batch) {
      const log = source as LiveLog
      const block = log.writing!
      log.writing = null
      if (ok) log.packedBefore = true
      else {
        // The segment could not be written: keep these lines in the run's own file instead.
        const file = this.writer.file(runLogPath(this.options.logDir, log.logDateTimeMs, log.logId), log.logId)
        this.writer.append(file, block)
        this.writer.close(file)
      }
      if (this.live.get(log.logId) !== log || !log.closed) continue
      if (log.text === '') this.release(log)
      else if (!log.queued) {
        log.queued = true
        this.pending.push(log)
        this.flushTimer ??= setTimeout(() => this.flush(), this.flushDelayMs)
      }
    }
  }

  private spill(log: LiveLog): void {
    if (log.closed || log.file || log.writing || log.packedBefore || this.live.get(log.logId) !== log) return
    log.file = this.writer.file(runLogPath(this.options.logDir, log.logDateTimeMs, log.logId), log.logId)
    if (log.text !== '') this.writer.append(log.file, log.text)
    log.text = ''
  }

  /** Moves a log out of the live set for good, its memory lines into its own file. */
  private retire(log: LiveLog): void {
    if (!log.file) {
      log.file = this.writer.file(runLogPath(this.options.logDir, log.logDateTimeMs, log.logId), log.logId)
      if (log.text !== '') this.writer.append(log.file, log.text)
      log.text = ''
    }
    this.writer.close(log.file)
    this.release(log)
  }

  private release(log: LiveLog): void {
    if (this.live.get(log.logId) === log) this.live.delete(log.logId)
  }

  /** One pending wake-up of the injected clock, for the oldest run still open in memory. */
  private armSpill(): void {
    if (this.spillWake || this.stopped) return
    const oldest = this.order.oldestOpen()
    if (!oldest) return
    const wake = new AbortController()
    this.spillWake = wake
    const clock = this.options.clock
    void clock.sleep(oldest.openedMs + this.spillAfterMs - clock.nowMs(), wake.signal).then(() => {
      if (this.spillWake !== wake) return
      this.spillWake = null
      const cutoffMs = clock.nowMs() - this.spillAfterMs
      for (let log = this.order.takeOpenedBy(cutoffMs); log; log = this.order.takeOpenedBy(cutoffMs)) {
        // A run still waiting for a worker (only its start line) is not a long run: under a backlog,
        // spilling those would turn every queued run into a file creation and deepen the backlog.
        if (log.appends <= 1) {
          log.openedMs = clock.nowMs()
          this.order.push(log)
        } else this.spill(log)
      }
      this.armSpill()
    })
  }

  private dayFor(key: string): PackedDay {
    let day = this.days.get(key)
    if (!day) {
      day = new PackedDay(key, join(this.options.logDir, key), {
        cache: this.cache,
        logger: this.options.logger,
        segmentMaxBytes: this.options.segmentMaxBytes ?? 64 * 1024 * 1024,
        onWritten: (batch, ok) => this.onWritten(batch, ok),
      })
      this.days.set(key, day)
    }
    return day
  }
}

/**
 * The blocks' lines, in order; blocks wholly within the first `skipLines` lines are not read (their
 * line counts still number the page). A block cut short on disk (a crash) counts as empty.
 */
async function readBlocks(blocks: readonly FoundBlock[], skipLines: number): Promise<LogText[]> {
  const texts: LogText[] = []
  const handles = new Map<string, FileHandle>()
  let skip = Math.max(0, skipLines)
  try {
    for (const block of blocks) {
      if (skip >= block.lines) {
        texts.push({ text: '', lines: block.lines })
        skip -= block.lines
        continue
      }
      skip = 0
      let handle = handles.get(block.segPath)
      if (!handle) {
        handle = await open(block.segPath, 'r').catch(() => undefined)
        if (!handle) {
          texts.push({ text: '', lines: 0 })
          continue
        }
        handles.set(block.segPath, handle)
      }
      const bytes = Buffer.allocUnsafe(block.length)
      const { bytesRead } = await handle.read(bytes, 0, block.length, block.offset)
      texts.push(bytesRead === block.length ? { text: bytes.toString('utf8'), lines: block.lines } : { text: '', lines: 0 })
    }
  } finally {
    await Promise.allSettled([...handles.values()].map((handle) => handle.close()))
  }
  return texts
}
