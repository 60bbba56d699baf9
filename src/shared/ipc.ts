import type { ApiMethod, JobDeskEvent } from './api'
import type { ErrorInfo } from './errors'

/** IPC channel names between the preload and the Electron main process. */
export const IPC_CALL = 'jobdesk:call'
export const IPC_EVENT = 'jobdesk:event'
/** The desktop shell's own action: open a JobDesk server's console in a window of its own. */
export const IPC_CONNECT_SERVER = 'jobdesk:connect-server'

/**
 * What a call returns over IPC. Errors travel as data because Electron's context bridge drops an
 * Error's name and fields; the renderer's client rebuilds them (fromErrorInfo).
 */
export type IpcResult = { ok: true; value: unknown } | { ok: false; error: ErrorInfo }

/** `window.jobdesk` in the desktop app: one function per API method, plus the event subscription. */
export type JobDeskIpc = { [M in ApiMethod]: (...args: unknown[]) => Promise<IpcResult> } & {
  onEvent(listener: (event: JobDeskEvent) => void): () => void
  /** Opens the console of a JobDesk server (`{ url, token }`) in a sandboxed window of its own. */
  connectServer(request: unknown): Promise<IpcResult>
}
