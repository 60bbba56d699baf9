import type { ServerConnectRequest } from '../../../shared/schema/server-connect'
import type { ApiMethod, JobDeskApi, JobDeskBridge, JobDeskEvent } from '../../../shared/api'
import { API_METHODS } from '../../../shared/api-methods'
import { BRIDGE_PATH, BRIDGE_SIGNED_OUT_CLOSE, type BridgeCall, type BridgeServerMessage } from '../../../shared/bridge-protocol'
import { AUTH_PATHS, type AuthState } from '../../../shared/auth'
import { fromErrorInfo } from '../../../shared/errors'
import { bindApi, type IpcApi, type IpcResult, type JobDeskIpc } from '../../../shared/ipc'
import { consoleError } from './console-errors'

type Listener = (event: JobDeskEvent) => void

/**
 * Whether the event stream is up. `connecting` before the first connection, `reconnecting` after a
 * lost one (calls wait or fail meanwhile, and events are missed: re-read state on `online`).
 */
export type ConnectionState = 'connecting' | 'online' | 'reconnecting'

/** The bridge plus its connection state, which only the browser bridge can lose. */
export interface JobDeskClient extends JobDeskBridge {
  connectionState(): ConnectionState
  onConnection(listener: (state: ConnectionState) => void): () => void
}

/**
 * The renderer's only way to the core. In the desktop app it wraps the preload's `window.jobdesk`;
 * in a browser (headless mode) it speaks the WebSocket bridge, authenticated by the session cookie
 * of a signed-in user or by the console token from the URL fragment (`#token=…`, kept for the tab
 * in sessionStorage) until the admin has set a password. Errors arrive as the
 * classes of shared/errors.ts.
 */
export function createClient(): JobDeskClient {
  return window.jobdesk ? ipcClient(window.jobdesk) : bridgeClient()
}

function unwrap<T>(result: IpcResult<T>): T {
  if (result.ok) return result.value
  throw fromErrorInfo(result.error)
}

function ipcClient(ipc: JobDeskIpc): JobDeskClient {
  // Indexed as the API part alone: indexing the whole intersection would lose which method's arguments these are.
  const calls: IpcApi = ipc
  const api = bindApi<JobDeskApi>(API_METHODS, async (method, args) => unwrap(await calls[method](...args)))
  // IPC to the main process cannot drop.
  return { ...api, onEvent: (listener) => ipc.onEvent(listener), connectionState: () => 'online', onConnection: () => () => {} }
}

const TOKEN_KEY = 'jobdesk.consoleToken'

export function consoleToken(): string | null {
  const fromHash = new URLSearchParams(location.hash.slice(1)).get('token')
  if (fromHash) {
    sessionStorage.setItem(TOKEN_KEY, fromHash)
    // Keep the token out of the address bar (screenshots, shoulder surfing); the tab remembers it.
    history.replaceState(null, '', location.pathname + location.search)
    return fromHash
  }
  return sessionStorage.getItem(TOKEN_KEY)
}

/** Reconnects with backoff; calls made while disconnected wait for the connection. */
function bridgeClient(): JobDeskClient {
  const listeners = new Set<Listener>()
  const connectionListeners = new Set<(state: ConnectionState) => void>()
  let state: ConnectionState = 'connecting'
  const setState = (next: ConnectionState) => {
    if (next === state) return
    state = next
    for (const listener of connectionListeners) listener(next)
  }
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  let nextId = 1
  let socket: WebSocket | null = null
  let open: Promise<WebSocket> | null = null
  let retryMs = 250

  function connect(): Promise<WebSocket> {
    if (open) return open
    open = new Promise((resolve, reject) => {
      // With the console token in the URL, or else the session cookie the browser sends by itself.
      const token = consoleToken()
      const scheme = location.protocol === 'https:' ? 'wss' : 'ws'
      const ws = new WebSocket(`${scheme}://${location.host}${BRIDGE_PATH}${token ? `?token=${encodeURIComponent(token)}` : ''}`)
      ws.onopen = () => {
        socket = ws
        retryMs = 250
        resolve(ws)
        setState('online')
      }
      ws.onmessage = (message) => {
        const data = JSON.parse(String(message.data)) as BridgeServerMessage
        if (data.type === 'event') {
          for (const listener of listeners) listener(data.event)
          return
        }
        const waiter = pending.get(data.id)
        if (!waiter) return
        pending.delete(data.id)
        if (data.ok) waiter.resolve(data.value)
        else waiter.reject(fromErrorInfo(data.error))
      }
      ws.onclose = (event) => {
        const wasOpen = socket === ws
        // Signed out (here or in another tab), expired, disabled, or the token retired: sign in again.
        if (event.code === BRIDGE_SIGNED_OUT_CLOSE) {
          location.reload()
          return
        }
        if (!wasOpen) void signInNeeded().then((needed) => needed && location.reload())
        socket = null
        open = null
        for (const waiter of pending.values()) waiter.reject(consoleError('console.connectionLost'))
        pending.clear()
        if (!wasOpen) reject(consoleError('console.unreachable'))
        if (state === 'online') setState('reconnecting')
        // Keep the event stream alive: reconnect with backoff up to 5 s.
        setTimeout(() => void connect().catch(() => {}), retryMs)
        retryMs = Math.min(retryMs * 2, 5000)
      }
    })
    return open
  }

  async function call(method: ApiMethod, args: unknown[]): Promise<unknown> {
    const ws = socket ?? (await connect())
    const id = nextId++
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject })
      const message: BridgeCall = { type: 'call', id, method, args }
      ws.send(JSON.stringify(message))
    })
  }

  void connect().catch(() => {})
  const api = bindApi<JobDeskApi>(API_METHODS, call)
  return {
    ...api,
    onEvent(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    connectionState: () => state,
    onConnection(listener) {
      connectionListeners.add(listener)
      return () => connectionListeners.delete(listener)
    },
  }
}

/** A refused bridge: reload into the sign-in page when the server no longer knows this console. */
async function signInNeeded(): Promise<boolean> {
  try {
    const response = await fetch(AUTH_PATHS.state, { credentials: 'same-origin' })
    const state = (await response.json()) as AuthState
    return !state.signedIn && !(consoleToken() !== null && state.consoleTokenAccepted)
  } catch {
    return false
  }
}

/** In the desktop app (the preload is present); the shell then shows alarms as system notifications. */
export function isDesktop(): boolean {
  return typeof window !== 'undefined' && window.jobdesk !== undefined
}

let current: JobDeskClient | null = null

/** The app's one client, created on first use (the browser bridge connects at once). */
export function client(): JobDeskClient {
  current ??= createClient()
  return current
}

/** Replaces the app's client: for unit tests of store actions and for benchmarks' fixtures. */
export function setClient(next: JobDeskClient | null): void {
  current = next
}

/** The desktop shell's own actions; null in a browser (headless mode, or a server's console window). */
export function shellActions(): { connectServer(request: ServerConnectRequest): Promise<void> } | null {
  const ipc = window.jobdesk
  if (!ipc?.connectServer) return null
  return {
    async connectServer(request) {
      unwrap(await ipc.connectServer(request))
    },
  }
}
