import type { LogPage } from '../../../shared/model'

/** Where run logs live: XXL-JOB's one file per run, or the packed store for the embedded executor. */
export type RunLogLayout = 'files' | 'packed'

/** The log of one run, as the lanes write it. Opaque outside the store that made it. */
export interface RunLog {
  readonly logId: number
}

/**
 * The run-log contract the executor writes and reads through (both layouts). Lines are whole
 * entries ending in "\n". A run's log is opened at its start line, marked ended after its result
 * line, and closed after its last line (the "callback finish"/"callback fail" line); a line for a
 * closed run opens it again.
 *
 * Read-after-write: `read` sees every line appended before it was called, whatever is still buffered
 * or in flight to disk.
 */
export interface RunLogStore {
  open(logId: number, logDateTimeMs: number): RunLog
  append(log: RunLog, text: string): void
  /** The run's result line is in; only its callback line is still to come. */
  markEnded(log: RunLog): void
  close(log: RunLog): void
  /** The page from `fromLineNum` on (docs/protocol.md#run-log-files), or null when the run has no log at all. */
  read(logId: number, logDateTimeMs: number, fromLineNum: number): Promise<LogPage | null>
  /** The retention cleaner deleted these date folders (`yyyy-MM-dd`). */
  forgetDays(days: readonly string[]): void
  /** Writes everything still in memory and releases timers and files (executor stop). */
  drain(): Promise<void>
}

/** Told when a run's log has new lines to read (live tails). */
export type RunLogChanged = (logId: number) => void
