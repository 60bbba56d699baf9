import type { ApiMethod, JobDeskEvent } from './api'
import type { ErrorInfo } from './errors'

/**
 * Messages of the browser bridge (headless mode: the renderer in a browser talks to the core over a
 * WebSocket) — the same calls and events the preload carries over Electron IPC.
 */
export interface BridgeCall {
  type: 'call'
  /** Chosen by the caller; echoed in the result. */
  id: number
  method: ApiMethod
  args: unknown[]
}

export type BridgeResult = { type: 'result'; id: number; ok: true; value: unknown } | { type: 'result'; id: number; ok: false; error: ErrorInfo }

export interface BridgeEvent {
  type: 'event'
  event: JobDeskEvent
}

export type BridgeServerMessage = BridgeResult | BridgeEvent

/** Path of the WebSocket endpoint; the console token goes in the `token` query parameter. */
export const BRIDGE_PATH = '/bridge'

/** The bridge closes a socket with this code when its credential ended (sign-out, expiry, token retired). */
export const BRIDGE_SIGNED_OUT_CLOSE = 4401
