import type { LogBuffer } from '../../lib/logs/log-lines'

export interface RunLogEntry {
  buffer: LogBuffer
  /** The core said the log is complete (the run finished and no new lines came). */
  isEnd: boolean
  loading: boolean
  /** The last read filled a whole page: more lines are being read (a long log opening). */
  catchingUp: boolean
  error: string | null
  /** Where the last read's lines came from: the executor, or the copy JobDesk kept of a finished LAN run. */
  source: 'executor' | 'kept' | null
  /** Why the executor could not be read, when it could not (from the last read). */
  executorError: string | null
}

export interface RunLogState {
  /** Logs of the runs open in a log view, by run (log) id. */
  runLogs: Record<number, RunLogEntry>
}

export const initialRunLogState: RunLogState = { runLogs: {} }
