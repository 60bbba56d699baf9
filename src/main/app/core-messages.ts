import type { ApiMethod, JobDeskEvent } from '../../shared/api'
import type { ErrorInfo } from '../../shared/errors'
import type { IpcResult } from '../../shared/ipc'

/** Settings the Electron main process passes to the core worker. */
export interface CoreWorkerData {
  dataDir: string
  /** better-sqlite3 built for Electron's ABI. */
  nativeBinding?: string
  seedDemo?: boolean
  /** The secrets key as base64, kept by the shell with Electron's safeStorage (shell/desktop-secrets-key.ts); absent: the key file. */
  secretsKey?: string
}

/** Main process → core worker. */
export type CoreRequest = { type: 'call'; requestId: number; method: ApiMethod; args: unknown[] } | { type: 'stop'; requestId: number }

/** Core worker → main process. */
export type CoreMessage =
  | { type: 'ready' }
  | { type: 'fatal'; error: ErrorInfo }
  | { type: 'result'; requestId: number; result: IpcResult }
  | { type: 'stopped'; requestId: number }
  | { type: 'event'; event: JobDeskEvent }
