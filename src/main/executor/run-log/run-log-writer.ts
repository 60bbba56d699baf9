import { close, mkdir, open, write } from 'node:fs'
import { dirname } from 'node:path'
import type { Logger } from '../../kernel/logger'
import { accountFailedWrite, LostLineCounts, lostLinesMarker } from './lost-lines'
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './private-modes'

/**
 * Lines wait this long before they are written, so a short run's start, result and callback lines
 * reach the file in one write (creating a file is the expensive part). Live tails see lines within it;
 * readers flush first.
 */
const FLUSH_DELAY_MS = 10
/**
 * Default for the most run-log fds held at once. A run's file stays open until its callback line,
 * and callbacks can lag (a busy or unreachable admin), so without a bound 10,000 runs a second would
 * exhaust the process's file limit. Beyond it the least recently written idle file is closed and
 * reopened (append) by its next write.
 */
const MAX_OPEN_FDS = 256
/**
 * How often files owed a lost-lines marker try again while they have no new lines: a disk that
 * filled up is usually freed by a person, in minutes, and each try is one failed write per file.
 */
const MARKER_RETRY_MS = 5000

/** Writes at a file offset as fs.write does (a short count is not an error); tests inject a disk that fills up. */
export type WriteFd = (fd: number, bytes: Buffer, offset: number, length: number, done: (error: Error | null, written: number) => void) => void

/** Where the writer's bytes go and the time its lost-lines markers carry. */
export interface WriterIo {
  writeFd: WriteFd
  nowMs: () => number
}

const writeFd: WriteFd = (fd, bytes, offset, length, done) => write(fd, bytes, offset, length, null, (error, written) => done(error, written))

/** An open run log: lines are buffered and written together. */
export interface RunLogFile {
  readonly path: string
  readonly logId: number
  fd: number
  buffer: string
  /** A write (or the open before it) is in progress; further lines wait for it. */
  writing: boolean
  closeWhenFlushed: boolean
  closed: boolean
  /** Resolved when everything buffered so far is on disk (or was lost trying). */
  flushed: Array<() => void>
  /** Lines were lost and this line, saying so, is to be written before the next ones (lost-lines.ts). */
  marker: string | null
  /** The file ends inside a line (a write stopped part way): the next write starts with a newline. */
  endsMidLine: boolean
}

/**
 * Appends run-log lines off the event loop: one fd per run, opened on the first write and closed
 * after the last, at most one write per file per FLUSH_DELAY_MS, all through libuv's thread pool,
 * because creating a file can cost hundreds of µs of kernel time on some disks and must not delay
 * dispatch. `onWritten(file)` tells live tails.
 *
 * A file stays known by path until its last buffered byte is written and its fd closed, so
 * `flushPath` right after `close` still waits for those lines (a reader never sees a short log).
 */
export class RunLogWriter {
  private readonly dirty = new Set<RunLogFile>()
  /** Files not finished yet (open, or closing with writes pending), by path. */
  private readonly open = new Map<string, RunLogFile>()
  private readonly dirs = new Map<string, Promise<void>>()
  /** Files holding an fd, least recently written first. */
  private readonly withFd = new Map<RunLogFile, true>()
  /** Opens in progress; with `withFd` they stay within `maxOpenFds`. */
  private opening = 0
  /** Writes waiting for an fd to be free, oldest first from `queuedHead`. */
  private queuedOpens: Array<{ file: RunLogFile; bytes: Buffer; written: (error: Error | null, doneBytes: number) => void }> = []
  private queuedHead = 0
  private flushTimer: NodeJS.Timeout | null = null
  private inFlight = 0
  private idleWaiters: Array<() => void> = []
  /** Files whose lost-lines marker is not on disk yet and that have no lines of their own to carry it. */
  private readonly owed = new Set<RunLogFile>()
  private retryTimer: NodeJS.Timeout | null = null
  private stopping = false
  private readonly lost = new LostLineCounts()

  constructor(
    private readonly logger: Logger,
    private readonly onWritten: (file: RunLogFile) => void,
    private readonly maxOpenFds = MAX_OPEN_FDS,
    private readonly io: WriterIo = { writeFd, nowMs: Date.now },
  ) {}

  /** Run-log fds open or being opened now; never more than `maxOpenFds`. */
  get openFdCount(): number {
    return this.withFd.size + this.opening
  }

  /**
   * The file for `path` (several handles to one path share it); one that is closing is reopened, so
   * its lines and the new ones stay in order on one fd.
   */
  file(path: string, logId: number): RunLogFile {
    let file = this.open.get(path)
    if (!file) {
      file = { path, logId, fd: -1, buffer: '', writing: false, closeWhenFlushed: false, closed: false, flushed: [], marker: null, endsMidLine: false }
      this.open.set(path, file)
    }
    file.closeWhenFlushed = false
    return file
  }

  append(file: RunLogFile, text: string): void {
    if (file.closed) file = this.file(file.path, file.logId)
    file.buffer += text
    this.dirty.add(file)
    this.flushTimer ??= setTimeout(() => this.flushAll(), FLUSH_DELAY_MS)
  }

  /** Closes after the buffered lines are written. */
  close(file: RunLogFile): void {
    if (file.closed || file.closeWhenFlushed) return
    file.closeWhenFlushed = true
    if (!file.writing && file.buffer === '') this.finishOrOwe(file)
  }

  /** Lines of run `logId` that could not be written (a full disk), while this process remembers. */
  lostLines(logId: number): number {
    return this.lost.get(logId)
  }

  /** The lost-lines marker `path` still owes: reads show it where it will be written, after the lines on disk. */
  owedMarker(path: string): string | null {
    return this.open.get(path)?.marker ?? null
  }

  /** Writes what is buffered for `path` now and resolves once it is on disk (a reader is about to look). */
  flushPath(path: string): Promise<void> {
    const file = this.open.get(path)
    if (!file || (!file.writing && file.buffer === '')) return Promise.resolve()
    const done = new Promise<void>((resolve) => file.flushed.push(resolve))
    if (!file.writing) this.flushFile(file)
    return done
  }

  flushAll(): void {
    if (this.flushTimer) clearTimeout(this.flushTimer)
    this.flushTimer = null
    for (const file of this.dirty) this.flushFile(file)
  }

  /**
   * Writes everything (owed markers once more) and resolves when no write is in progress (stop).
   * From then on a marker the disk refuses is given up and its file closed: no retry outlives the stop.
   */
  drain(): Promise<void> {
    this.stopping = true
    if (this.retryTimer) clearTimeout(this.retryTimer)
    this.retryTimer = null
    for (const file of this.owed) this.dirty.add(file)
    this.owed.clear()
    this.flushAll()
    if (this.inFlight === 0) return Promise.resolve()
    return new Promise((resolve) => this.idleWaiters.push(resolve))
  }

  /** Forgets a cached directory (the retention cleaner removed it). */
  forgetDir(dir: string): void {
    this.dirs.delete(dir)
  }

  private flushFile(file: RunLogFile): void {
    this.dirty.delete(file)
    if (file.writing || (file.buffer === '' && file.marker === null)) return
    this.owed.delete(file)
    const head = file.marker === null ? '' : `${file.endsMidLine ? '\n' : ''}${file.marker}`
    const bytes = Buffer.from(head + file.buffer)
    const headBytes = Buffer.byteLength(head)
    file.buffer = ''
    file.writing = true
    this.inFlight++
    const written = (error: Error | null, doneBytes: number): void => {
      if (error) this.failed(file, error, bytes, doneBytes, headBytes)
      else {
        file.marker = null
        file.endsMidLine = false
      }
      file.writing = false
      if (file.fd >= 0) this.keepFd(file)
      this.startQueuedOpens()
      this.inFlight--
      this.onWritten(file)
      if (file.buffer !== '') this.flushFile(file)
      else {
        const waiters = file.flushed.splice(0)
        for (const resolve of waiters) resolve()
        if (file.closeWhenFlushed) this.finishOrOwe(file)
        else if (file.marker !== null) this.owe(file)
      }
      if (this.inFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve()
    }
    if (file.fd >= 0) return this.writeAll(file.fd, bytes, 0, written)
    this.queuedOpens.push({ file, bytes, written })
    this.startQueuedOpens()
  }

  /** Appends all of `bytes` from `doneBytes` on: a short write (a disk filling up) goes on until it errs. */
  private writeAll(fd: number, bytes: Buffer, doneBytes: number, written: (error: Error | null, doneBytes: number) => void): void {
    if (doneBytes >= bytes.length) return written(null, doneBytes)
    this.io.writeFd(fd, bytes, doneBytes, bytes.length - doneBytes, (error, count) => {
      if (error) return written(error, doneBytes)
      // A regular file that takes nothing would loop here for ever: count it as a failed write.
      if (count === 0) return written(new Error('EIO: the file took no bytes'), doneBytes)
      this.writeAll(fd, bytes, doneBytes + count, written)
    })
  }

  /**
   * A write stopped part way: the lines that did not make it are counted for reads, and the run's log
   * is owed one line saying where they went missing (the first failure's time and reason), written
   * before its next lines, or by the retry, once the disk takes it. A line torn in the middle is
   * ended first, so no later line is glued to it.
   */
  private failed(file: RunLogFile, error: Error, bytes: Buffer, doneBytes: number, headBytes: number): void {
    this.logger.error('run log write failed', { path: file.path, error: error.message })
    const result = accountFailedWrite(bytes, doneBytes, headBytes)
    if (result.endsMidLine !== null) file.endsMidLine = result.endsMidLine
    if (result.markerWritten) file.marker = null
    if (result.lostLines === 0) return
    this.lost.add(file.logId, result.lostLines)
    // "ENOSPC: no space left on device, write" without the syscall's name.
    file.marker ??= lostLinesMarker(this.io.nowMs(), error.message.split(',')[0])
  }

  private finishOrOwe(file: RunLogFile): void {
    if (file.marker === null) this.finish(file)
    else this.owe(file)
  }

  /** Keeps a file whose marker is not written (its fd may be closed as idle) for the next retry. */
  private owe(file: RunLogFile): void {
    if (this.stopping) {
      file.marker = null
      if (file.closeWhenFlushed) this.finish(file)
      return
    }
    this.owed.add(file)
    this.retryTimer ??= setTimeout(() => {
      this.retryTimer = null
      const files = [...this.owed]
      this.owed.clear()
      for (const owing of files) this.flushFile(owing)
    }, MARKER_RETRY_MS).unref()
  }

  /** Opens files for waiting writes while fds are free, closing idle ones to make room. */
  private startQueuedOpens(): void {
    while (this.queuedHead < this.queuedOpens.length) {
      if (this.withFd.size + this.opening >= this.maxOpenFds && !this.closeIdleFd()) return
      const { file, bytes, written } = this.queuedOpens[this.queuedHead++]
      this.opening++
      this.openFd(file.path, (error, fd) => {
        this.opening--
        if (error) return written(error, 0)
        file.fd = fd
        this.withFd.set(file, true)
        this.writeAll(fd, bytes, 0, written)
      })
    }
    this.queuedOpens = []
    this.queuedHead = 0
  }

  private finish(file: RunLogFile): void {
    if (file.closed) return
    file.closed = true
    if (this.open.get(file.path) === file) this.open.delete(file.path)
    this.withFd.delete(file)
    if (file.fd >= 0) close(file.fd, () => undefined)
    file.fd = -1
    this.startQueuedOpens()
  }

  /** Marks `file`'s fd as just used and closes the least recently used idle ones beyond the limit. */
  private keepFd(file: RunLogFile): void {
    this.withFd.delete(file)
    this.withFd.set(file, true)
    while (this.withFd.size + this.opening > this.maxOpenFds && this.closeIdleFd());
  }

  /** Closes the least recently written fd not in use; false when every fd is busy. */
  private closeIdleFd(): boolean {
    for (const file of this.withFd.keys()) {
      if (file.writing) continue
      this.withFd.delete(file)
      close(file.fd, () => undefined)
      file.fd = -1
      return true
    }
    return false
  }

  private openFd(path: string, done: (error: Error | null, fd: number) => void): void {
    const dir = dirname(path)
    let ready = this.dirs.get(dir)
    if (!ready) {
      ready = new Promise<void>((resolve, reject) => mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE }, (error) => (error ? reject(error) : resolve())))
      this.dirs.set(dir, ready)
      ready.catch(() => this.dirs.delete(dir))
    }
    ready.then(
      () =>
        open(path, 'a', PRIVATE_FILE_MODE, (error, fd) => {
          if (error?.code === 'ENOENT') {
            // The directory vanished under us (retention ran); make it again.
            this.dirs.delete(dir)
            return this.openFd(path, done)
          }
          done(error, fd)
        }),
      (error: Error) => done(error, -1),
    )
  }
}
