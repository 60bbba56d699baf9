import type { LogBuffer } from '../../lib/log-lines'

export interface RunLogEntry {
  buffer: LogBuffer
  /** The core said the log is complete (the run finished and no new lines came). */
  isEnd: boolean
  loading: boolean
  error: string | null
}

export interface RunLogState {
  /** Logs of the runs open in a log view, by run (log) id. */
  runLogs: Record<number, RunLogEntry>
}

export const initialRunLogState: RunLogState = { runLogs: {} }
