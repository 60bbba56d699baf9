import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs'
import { dirname } from 'node:path'
import type { Logger } from '../../kernel/logger'

/**
 * Lines wait this long before they are written, so a short run's start, result and callback lines
 * reach the file in one write (creating a file is the expensive part). Live tails see lines within it;
 * readers flush first.
 */
const FLUSH_DELAY_MS = 10

/** An open run log: lines are buffered and written together. */
export interface RunLogFile {
  readonly path: string
  fd: number
  buffer: string
  closeWhenFlushed: boolean
  closed: boolean
}

/**
 * Appends run-log lines cheaply: one fd per run, opened on the first write and closed after the
 * last, and at most one write per file per FLUSH_DELAY_MS. `onWritten(path)` tells live tails.
 */
export class RunLogWriter {
  private readonly dirty = new Set<RunLogFile>()
  private readonly open = new Map<string, RunLogFile>()
  private readonly knownDirs = new Set<string>()
  private flushScheduled = false

  constructor(
    private readonly logger: Logger,
    private readonly onWritten: (path: string) => void,
  ) {}

  /** The open file for `path`, or a new one (several handles to one path share it). */
  file(path: string): RunLogFile {
    let file = this.open.get(path)
    if (!file) {
      file = { path, fd: -1, buffer: '', closeWhenFlushed: false, closed: false }
      this.open.set(path, file)
    }
    return file
  }

  append(file: RunLogFile, text: string): void {
    if (file.closed) file = this.file(file.path)
    file.buffer += text
    this.dirty.add(file)
    if (!this.flushScheduled) {
      this.flushScheduled = true
      setTimeout(() => this.flushAll(), FLUSH_DELAY_MS)
    }
  }

  /** Closes after the buffered lines are written. */
  close(file: RunLogFile): void {
    if (file.closed) return
    file.closeWhenFlushed = true
    if (!this.dirty.has(file)) this.finish(file)
  }

  /** Writes whatever is buffered for `path` now (a reader is about to look). */
  flushPath(path: string): void {
    const file = this.open.get(path)
    if (file && this.dirty.has(file)) this.flushFile(file)
  }

  flushAll(): void {
    this.flushScheduled = false
    for (const file of this.dirty) this.flushFile(file)
  }

  /** Forgets cached directories under `dir` (the retention cleaner removed them). */
  forgetDir(dir: string): void {
    this.knownDirs.delete(dir)
  }

  get openCount(): number {
    return this.open.size
  }

  private flushFile(file: RunLogFile): void {
    this.dirty.delete(file)
    const text = file.buffer
    file.buffer = ''
    try {
      if (file.fd < 0) file.fd = this.openFd(file.path)
      writeSync(file.fd, text)
    } catch (error) {
      this.logger.error('run log write failed', { path: file.path, error: (error as Error).message })
    }
    this.onWritten(file.path)
    if (file.closeWhenFlushed) this.finish(file)
  }

  private finish(file: RunLogFile): void {
    file.closed = true
    if (this.open.get(file.path) === file) this.open.delete(file.path)
    if (file.fd >= 0) {
      try {
        closeSync(file.fd)
      } catch {
        // Already closed by a failed write; nothing left to release.
      }
      file.fd = -1
    }
  }

  private openFd(path: string): number {
    const dir = dirname(path)
    if (!this.knownDirs.has(dir)) {
      mkdirSync(dir, { recursive: true })
      this.knownDirs.add(dir)
    }
    try {
      return openSync(path, 'a')
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
      // The directory vanished under us (retention ran); make it again.
      mkdirSync(dir, { recursive: true })
      return openSync(path, 'a')
    }
  }
}
