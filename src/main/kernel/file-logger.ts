import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { pino } from 'pino'
import { createStream, type RotatingFileStream } from 'rotating-file-stream'
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
}

export interface FileLogger {
  logger: Logger
  /** Absolute path of the current log file (shown in Settings). */
  file: string
  /** Flushes and closes the file. */
  close(): Promise<void>
}

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
  const stream: RotatingFileStream = createStream(name, {
    path: options.dir,
    size,
    rotate: options.rotatedCount ?? LOG_FILE_ROTATED_COUNT,
    // The log names executors, jobs and failures: the owner's only, like the database.
    mode: 0o600,
  })
  let streamError: Error | null = null
  // A disk that fills up must not take the core down with it; the console still says so.
  stream.on('error', (error: Error) => {
    streamError = error
    options.alsoTo?.error('the log file cannot be written', { file: join(options.dir, LOG_FILE_NAME), error: error.message })
  })
  const output = pino(
    {
      level: options.level ?? 'info',
      base: undefined,
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  )
  const write =
    (level: LogLevel) =>
    (msg: string, fields?: Record<string, unknown>): void => {
      if (!streamError) output[level](fields ?? {}, msg)
      options.alsoTo?.[level](msg, fields)
    }
  return {
    logger: { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') },
    file: join(options.dir, LOG_FILE_NAME),
    close: () =>
      new Promise<void>((resolve) => {
        if (stream.destroyed || stream.writableFinished) return resolve()
        stream.once('finish', () => resolve())
        stream.once('error', () => resolve())
        stream.end()
      }),
  }
}
