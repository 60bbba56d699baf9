import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { API_METHODS, type ApiMethod, type JobDeskApi, type JobDeskEvent } from '../../shared/api'
import { BRIDGE_PATH, type BridgeServerMessage } from '../../shared/bridge-protocol'
import { toErrorInfo } from '../../shared/errors'
import type { Logger } from '../kernel/logger'
import { WatchLedger } from '../app/watch-ledger'
import { secretsEqual } from './wire/auth'

/** A browser can't send a call bigger than this (a job with a large GLUE script fits). */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024

export interface BrowserBridgeOptions {
  api: JobDeskApi
  subscribe: (listener: (event: JobDeskEvent) => void) => () => void
  consoleToken: string
  logger: Logger
}

/**
 * The headless console's link to the core: one WebSocket per browser tab, authenticated by the
 * console token, carrying the calls of src/shared/api.ts and the event stream. Only the methods in
 * API_METHODS can be called; arguments are checked by the facade like any untrusted input.
 */
export class BrowserBridge {
  private readonly server = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES })
  private readonly methods = new Set<string>(API_METHODS)

  constructor(private readonly options: BrowserBridgeOptions) {}

  /** Takes an HTTP upgrade if it is for the bridge; returns false otherwise. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): boolean {
    const url = new URL(request.url ?? '/', 'http://localhost')
    if (url.pathname !== BRIDGE_PATH) return false
    const presented = url.searchParams.get('token') ?? ''
    if (presented === '' || !secretsEqual(presented, this.options.consoleToken)) {
      socket.end('HTTP/1.1 401 Unauthorized\r\ncontent-type: text/plain\r\n\r\nwrong or missing console token\n')
      return true
    }
    this.server.handleUpgrade(request, socket, head, (ws) => this.attach(ws))
    return true
  }

  close(): void {
    for (const client of this.server.clients) client.close(1001, 'server stopping')
    this.server.close()
  }

  private attach(ws: WebSocket): void {
    const send = (message: BridgeServerMessage) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message))
    }
    const unsubscribe = this.options.subscribe((event) => send({ type: 'event', event }))
    const watches = new WatchLedger()
    ws.on('close', () => {
      unsubscribe()
      void watches.release(this.options.api)
    })
    ws.on('message', (data) => {
      let call: { id?: unknown; method?: unknown; args?: unknown }
      try {
        call = JSON.parse(String(data))
      } catch {
        ws.close(1003, 'messages must be JSON')
        return
      }
      const id = typeof call.id === 'number' ? call.id : -1
      if (typeof call.method !== 'string' || !this.methods.has(call.method) || !Array.isArray(call.args)) {
        send({ type: 'result', id, ok: false, error: { name: 'Error', message: `unknown call ${String(call.method)}` } })
        return
      }
      const method = call.method as ApiMethod
      const args = call.args
      this.invoke(method, args).then(
        (value) => {
          watches.note(method, args)
          send({ type: 'result', id, ok: true, value })
        },
        (error) => send({ type: 'result', id, ok: false, error: toErrorInfo(error) }),
      )
    })
  }

  private async invoke(method: ApiMethod, args: unknown[]): Promise<unknown> {
    const fn = this.options.api[method] as (...a: unknown[]) => Promise<unknown>
    return fn(...args)
  }
}
