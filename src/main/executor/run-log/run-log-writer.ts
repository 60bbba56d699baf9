import { close, mkdir, open, write } from 'node:fs'
import { dirname } from 'node:path'
import type { Logger } from '../../kernel/logger'
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
  /** Resolved when everything buffered so far is on disk. */
  flushed: Array<() => void>
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
  private queuedOpens: Array<{ file: RunLogFile; text: string; written: (error: Error | null) => void }> = []
  private queuedHead = 0
  private flushTimer: NodeJS.Timeout | null = null
  private inFlight = 0
  private idleWaiters: Array<() => void> = []

  constructor(
    private readonly logger: Logger,
    private readonly onWritten: (file: RunLogFile) => void,
    private readonly maxOpenFds = MAX_OPEN_FDS,
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
      file = { path, logId, fd: -1, buffer: '', writing: false, closeWhenFlushed: false, closed: false, flushed: [] }
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
    if (!file.writing && file.buffer === '') this.finish(file)
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

  /** Writes everything and resolves when no write is in progress (stop). */
  drain(): Promise<void> {
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
    if (file.writing || file.buffer === '') return
    const text = file.buffer
    file.buffer = ''
    file.writing = true
    this.inFlight++
    const written = (error: Error | null): void => {
      if (error) this.logger.error('run log write failed', { path: file.path, error: error.message })
      file.writing = false
      if (file.fd >= 0) this.keepFd(file)
      this.startQueuedOpens()
      this.inFlight--
      this.onWritten(file)
      if (file.buffer !== '') this.flushFile(file)
      else {
        const waiters = file.flushed.splice(0)
        for (const resolve of waiters) resolve()
        if (file.closeWhenFlushed) this.finish(file)
      }
      if (this.inFlight === 0) for (const resolve of this.idleWaiters.splice(0)) resolve()
    }
    if (file.fd >= 0) return write(file.fd, text, (error) => written(error))
    this.queuedOpens.push({ file, text, written })
    this.startQueuedOpens()
  }

  /** Opens files for waiting writes while fds are free, closing idle ones to make room. */
  private startQueuedOpens(): void {
    while (this.queuedHead < this.queuedOpens.length) {
      if (this.withFd.size + this.opening >= this.maxOpenFds && !this.closeIdleFd()) return
      const { file, text, written } = this.queuedOpens[this.queuedHead++]
      this.opening++
      this.openFd(file.path, (error, fd) => {
        this.opening--
        if (error) return written(error)
        file.fd = fd
        this.withFd.set(file, true)
        write(fd, text, (writeError) => written(writeError))
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
