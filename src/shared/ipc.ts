import type { ApiMethod, JobDeskApi, JobDeskEvent } from './api'
import type { ErrorInfo } from './errors'
import type { ServerConnectRequest } from './schema/server-connect'

/** IPC channel names between the preload and the Electron main process. */
export const IPC_CALL = 'jobdesk:call'
export const IPC_EVENT = 'jobdesk:event'
/** The desktop shell's own action: open a JobDesk server's console in a window of its own. */
export const IPC_CONNECT_SERVER = 'jobdesk:connect-server'

/**
 * What a call returns over IPC. Errors travel as data because Electron's context bridge drops an
 * Error's name and fields; the renderer's client rebuilds them (fromErrorInfo).
 */
export type IpcResult<T = unknown> = { ok: true; value: T } | { ok: false; error: ErrorInfo }

/** The API's methods with each answer carried as an IpcResult: what the preload's functions resolve with. */
export type IpcApi = { [M in ApiMethod]: (...args: Parameters<JobDeskApi[M]>) => Promise<IpcResult<Awaited<ReturnType<JobDeskApi[M]>>>> }

/** `window.jobdesk` in the desktop app: one function per API method, plus the event subscription. */
export type JobDeskIpc = IpcApi & {
  onEvent(listener: (event: JobDeskEvent) => void): () => void
  /** Opens the console of a JobDesk server (`{ url, token }`) in a sandboxed window of its own. */
  connectServer(request: ServerConnectRequest): Promise<IpcResult<null>>
}

/** Any object of functions, each named by a key (an interface's methods qualify). */
type Methods<T> = { [K in keyof T]: (...args: never[]) => unknown }

/**
 * One function per name in `methods`, each handing its name and arguments to `call`: how the preload
 * and the renderer's clients build their API objects. `call` is typed per method in its arguments;
 * what it answers is left to the caller, since it comes off a wire.
 */
export function bindApi<T extends Methods<T>>(
  methods: readonly (keyof T & string)[],
  call: <M extends keyof T & string>(method: M, args: Parameters<T[M]>) => unknown,
): T {
  const bound = Object.fromEntries(methods.map((method) => [method, (...args: Parameters<T[typeof method]>) => call(method, args)]))
  // The boundary's one assertion. A list of names cannot carry each name's own signature, so the
  // compiler cannot see that `bound` has T's shape; and `call` answers with what the other side sent,
  // which that side produces by the same contract (the lists passed are API_METHODS, checked complete).
  return bound as T
}
