import { closeSync, fstatSync, ftruncateSync, mkdirSync, openSync, readSync } from 'node:fs'
import { join } from 'node:path'
import { pino } from 'pino'
import type { Writable } from 'node:stream'
import { createStream, type Generator, type Options } from 'rotating-file-stream'
import type { LogLevel, Logger } from './logger'

/** The log file's name in the data folder; rotated ones are jobdesk.1.log (newest) … jobdesk.N.log. */
export const LOG_FILE_NAME = 'jobdesk.log'
/**
 * 10 MB per file and 5 rotated files: at most 60 MB on disk, which at the core's few lines per
 * minute holds weeks of history, and a run of errors still leaves the previous days readable.
 */
export const LOG_FILE_MAX_BYTES = 10 * 1024 * 1024
export const LOG_FILE_ROTATED_COUNT = 5

export interface FileLoggerOptions {
  /** The data folder. */
  dir: string
  level?: LogLevel
  /** Rotation size ("10M", "300K", "1K" in tests) and how many rotated files to keep. */
  size?: `${number}${'B' | 'K' | 'M' | 'G'}`
  rotatedCount?: number
  /** Where console lines go as well (headless mode); none for the desktop app's core worker. */
  alsoTo?: Logger
  /** Opens the file's stream: rotating-file-stream's createStream; tests pass one that fails as a full disk does. */
  openStream?: (name: Generator, options: Options) => Writable
  /** Epoch ms, for the pause after a write error; Date.now unless a test moves time itself. */
  nowMs?: () => number
}

export interface FileLogger {
  logger: Logger
  /** Absolute path of the current log file (shown in Settings). */
  file: string
  /** Adds fields to every line from now on (the node's id, once the core has one), in the file and on the console. */
  bind(fields: Record<string, unknown>): void
  /** Flushes and closes the file. */
  close(): Promise<void>
}

/** After a write error, lines are counted, not written, for this long; the next line then opens the file again. */
export const LOG_FILE_RETRY_MS = 5000

/**
 * The core's log file: pino writing one JSON object per line (`{"level":"info","time":"…","msg":"…",
 * …fields}`) into a size-rotated file in the data folder, in this thread (no pino transport worker,
 * so electron-vite bundles it). Classical rotation: the current file keeps its name, so Settings
 * and `tail -f` always point at the same path.
 */
export function createFileLogger(options: FileLoggerOptions): FileLogger {
  mkdirSync(options.dir, { recursive: true, mode: 0o700 })
  const size = options.size ?? `${LOG_FILE_MAX_BYTES / 1024 / 1024}M`
  // In classical rotation the generator is called with null for the current file and with the
  // rotated file's index (1 = newest) in place of the time.
  const name = (index: Date | number | null): string => (index === null ? LOG_FILE_NAME : `jobdesk.${Number(index)}.log`)
  const file = join(options.dir, LOG_FILE_NAME)
  const destination = new RecoveringFile(
    () =>
      (options.openStream ?? createStream)(name, {
        path: options.dir,
        size,
        rotate: options.rotatedCount ?? LOG_FILE_ROTATED_COUNT,
        // The log names executors, jobs and failures: the owner's only, like the database.
        mode: 0o600,
      }),
    options.nowMs ?? Date.now,
    // A disk that fills up must not take the core down with it; the console still says so.
    (error) => options.alsoTo?.error('the log file cannot be written', { file, error: error.message }),
    () => cutTornLine(file),
  )
  const output = pino(
    {
      level: options.level ?? 'info',
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  )
  let bound: Record<string, unknown> | null = null
  const write =
    (level: LogLevel) =>
    (msg: string, fields?: Record<string, unknown>): void => {
      const all = bound === null ? fields : { ...bound, ...fields }
      output[level](all ?? {}, msg)
      options.alsoTo?.[level](msg, all)
    }
  return {
    logger: { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') },
    file,
    bind: (fields) => {
      bound = { ...bound, ...fields }
    },
    close: () => destination.close(),
  }
}

/** How far back a torn line's start is looked for: longer than any line the core writes (a stack trace included). */
const TORN_LINE_MAX_BYTES = 1024 * 1024

/**
 * How `file` ended: in whole lines, with an unfinished line that was cut off, or still inside a
 * line (no newline within TORN_LINE_MAX_BYTES, or it could not be cut: the caller ends it).
 */
type FileEnd = 'whole' | 'cut' | 'open'

/** Cuts a line left unfinished at the end of `file` (a write that stopped part way), so the file is whole lines again. */
function cutTornLine(file: string): FileEnd {
  let fd: number
  try {
    fd = openSync(file, 'r+')
  } catch {
    return 'whole'
  }
  try {
    const size = fstatSync(fd).size
    const chunk = Buffer.alloc(Math.min(size, 64 * 1024))
    for (let end = size; end > 0 && size - end < TORN_LINE_MAX_BYTES;) {
      const start = Math.max(0, end - chunk.length)
      readSync(fd, chunk, 0, end - start, start)
      const newline = chunk.subarray(0, end - start).lastIndexOf(0x0a)
      if (newline >= 0 && start + newline + 1 === size) return 'whole'
      if (newline >= 0 || start === 0) {
        ftruncateSync(fd, newline >= 0 ? start + newline + 1 : 0)
        return 'cut'
      }
      end = start
    }
    return size > 0 ? 'open' : 'whole'
  } catch {
    return 'open'
  } finally {
    closeSync(fd)
  }
}

/**
 * pino's destination: the file stream while it works. A write error (ENOSPC, EIO, a folder gone)
 * destroys a Node stream for good, so the file used to stay silent until a restart after one full
 * disk. Here the broken stream is dropped, lines are counted for LOG_FILE_RETRY_MS, and the next
 * line after that opens the file again (appending) and first says how many were lost: those not
 * yet written when the stream failed and those counted since. While the disk stays full each
 * attempt fails the same way, once per pause, and the console hears of it once.
 *
 * The file promises one JSON object per line, and a full disk takes a line's first bytes and
 * refuses the rest (rotating-file-stream does not retry a short write; the next write fails). So
 * before the file is reopened a line left unfinished at its end is cut off (it was counted as lost
 * when the stream failed), and if it cannot be cut it is ended with a newline: never glued to the
 * next line.
 */
class RecoveringFile {
  private stream: Writable | null = null
  private failedAtMs = Number.NEGATIVE_INFINITY
  /** Lines handed to the current stream and not yet on disk. */
  private pending = 0
  private lost = 0
  private lastError = ''
  /** The console was told of the current failure; a line written again resets it. */
  private reported = false

  constructor(
    private readonly open: () => Writable,
    private readonly nowMs: () => number,
    private readonly report: (error: Error) => void,
    private readonly cutTornLine: () => FileEnd,
  ) {
    this.stream = this.reopened()
    // A line the last process left unfinished (its disk filled up) was cut: the file says so first.
    if (this.lost > 0) this.noteLost(this.stream, this.lost)
  }

  write(line: string): void {
    if (!this.stream) {
      if (this.nowMs() - this.failedAtMs < LOG_FILE_RETRY_MS) {
        this.lost++
        return
      }
      this.stream = this.reopened()
      if (this.lost > 0) this.noteLost(this.stream, this.lost)
    }
    const stream = this.stream
    this.pending++
    stream.write(line, (error) => {
      if (error || this.stream !== stream) return
      this.pending--
      this.reported = false
    })
  }

  /** Ends the file; one that failed is tried once more whatever the pause, so a stop leaves it whole and says what was lost. */
  close(): Promise<void> {
    if (!this.stream && this.lost > 0) {
      try {
        this.stream = this.reopened()
        this.noteLost(this.stream, this.lost)
      } catch {
        this.stream = null
      }
    }
    const stream = this.stream
    this.stream = null
    return new Promise<void>((resolve) => {
      if (!stream || stream.destroyed || stream.writableFinished) return resolve()
      stream.once('finish', () => resolve())
      stream.once('error', () => resolve())
      stream.end()
    })
  }

  /**
   * The file opened again after its end is made whole. A line cut off had been reported written by
   * the stream (rotating-file-stream takes a short write for done): it counts as lost.
   */
  private reopened(): Writable {
    const end = this.cutTornLine()
    if (end === 'cut') this.lost++
    const stream = this.opened()
    if (end === 'open') stream.write('\n')
    return stream
  }

  private opened(): Writable {
    const stream = this.open()
    this.pending = 0
    stream.on('error', (error: Error) => this.failed(stream, error))
    return stream
  }

  /** A line in pino's shape saying that `count` lines are missing before it. */
  private noteLost(stream: Writable, count: number): void {
    const note = {
      level: 'warn',
      time: new Date(this.nowMs()).toISOString(),
      msg: 'log lines were lost while the log file could not be written',
      lost: count,
      error: this.lastError,
    }
    stream.write(`${JSON.stringify(note)}\n`, (error) => {
      if (!error) this.lost -= count
    })
  }

  private failed(stream: Writable, error: Error): void {
    if (this.stream !== stream) return
    this.stream = null
    this.lost += this.pending
    this.pending = 0
    this.failedAtMs = this.nowMs()
    this.lastError = error.message
    if (!stream.destroyed) stream.destroy()
    if (this.reported) return
    this.reported = true
    this.report(error)
  }
}
