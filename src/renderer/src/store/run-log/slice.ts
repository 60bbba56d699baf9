import type { LogPage } from '../../../../shared/model'
import type { RunLogState } from './initialState'

export interface RunLogActions {
  /** Opens a log view: reads from line 1, then watches for new lines. Views count; close each one. */
  openRunLog(logId: number): void
  closeRunLog(logId: number): void
  /** From a `run-log` event: append contiguous lines, or read the gap when lines were missed. */
  applyRunLogPage(logId: number, page: LogPage): void
  /** Reads the lines after the last held one. */
  refreshRunLog(logId: number): Promise<void>
  /** After a reconnect, or when an open run got its executor: restart the core's watches. */
  rewatchRunLogs(logIds?: readonly number[]): void
}

export type RunLogSlice = RunLogState & RunLogActions
