import WebSocket from 'ws'
import type { JobDeskEvent } from '../../src/shared/api'
import type { BridgeEvent, BridgeResult } from '../../src/shared/bridge-protocol'

/** What the bridge did with one message: answered it, or closed this socket. */
export type BridgeAnswer = { kind: 'result'; result: BridgeResult } | { kind: 'closed'; code: number; reason: string }

/**
 * A console's side of the headless bridge (the `ws` client, as a browser would speak it): calls by
 * id, raw text messages, and the socket's close, so a test can tell "refused" from "dropped".
 */
export class BridgeClient {
  private readonly waiters: ((answer: BridgeAnswer) => void)[] = []
  private readonly results: BridgeResult[] = []
  /** Every event the server pushed, in order. */
  readonly events: JobDeskEvent[] = []
  private closedWith: { code: number; reason: string } | null = null
  private nextId = 1

  private constructor(private readonly ws: WebSocket) {
    ws.on('message', (data) => {
      let message: { type?: string } | null = null
      try {
        message = JSON.parse(String(data)) as { type?: string }
      } catch {
        return
      }
      if (message?.type === 'event') this.events.push((message as BridgeEvent).event)
      if (message?.type !== 'result') return
      const waiter = this.waiters.shift()
      if (waiter) waiter({ kind: 'result', result: message as BridgeResult })
      else this.results.push(message as BridgeResult)
    })
    ws.on('close', (code, reason) => {
      this.closedWith = { code, reason: reason.toString() }
      for (const waiter of this.waiters.splice(0)) waiter({ kind: 'closed', ...this.closedWith })
    })
    // A refused or broken connection ends in 'close' as well; the error itself adds nothing.
    ws.on('error', () => {})
  }

  static connect(origin: string, token: string, timeoutMs = 10_000): Promise<BridgeClient> {
    return BridgeClient.open(`${origin.replace(/^http/, 'ws')}/bridge?token=${encodeURIComponent(token)}`, {}, timeoutMs)
  }

  /** A signed-in console: the session cookie instead of the token. */
  static connectWithCookie(origin: string, cookie: string, timeoutMs = 10_000): Promise<BridgeClient> {
    return BridgeClient.open(`${origin.replace(/^http/, 'ws')}/bridge`, { cookie, origin }, timeoutMs)
  }

  private static open(url: string, headers: Record<string, string>, timeoutMs: number): Promise<BridgeClient> {
    const ws = new WebSocket(url, { maxPayload: 256 * 1024 * 1024, headers })
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => (ws.terminate(), reject(new Error(`no bridge connection within ${timeoutMs} ms`))), timeoutMs)
      ws.once('open', () => (clearTimeout(timer), resolve(new BridgeClient(ws))))
      ws.once('error', (error) => (clearTimeout(timer), reject(error)))
    })
  }

  get closed(): boolean {
    return this.closedWith !== null
  }

  /** Sends a text message as is and waits for the next result or the close. */
  send(text: string, timeoutMs = 10_000): Promise<BridgeAnswer> {
    const answer = this.next(timeoutMs)
    if (!this.closed) this.ws.send(text)
    return answer
  }

  /** Calls an API method; the answer is its result (ok or not) or the close. */
  call(method: string, args: unknown[], timeoutMs = 10_000): Promise<BridgeAnswer> {
    return this.send(JSON.stringify({ type: 'call', id: this.nextId++, method, args }), timeoutMs)
  }

  /** Calls a method that must succeed; resolves with its value. */
  async value<T>(method: string, args: unknown[] = []): Promise<T> {
    const answer = await this.call(method, args)
    if (answer.kind !== 'result' || !answer.result.ok) throw new Error(`${method} failed: ${JSON.stringify(answer)}`)
    return answer.result.value as T
  }

  private next(timeoutMs: number): Promise<BridgeAnswer> {
    const queued = this.results.shift()
    if (queued) return Promise.resolve({ kind: 'result', result: queued })
    if (this.closedWith) return Promise.resolve({ kind: 'closed', ...this.closedWith })
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(done), 1)
        reject(new Error(`the bridge neither answered nor closed within ${timeoutMs} ms`))
      }, timeoutMs)
      const done = (answer: BridgeAnswer) => {
        clearTimeout(timer)
        resolve(answer)
      }
      this.waiters.push(done)
    })
  }

  close(): void {
    this.ws.terminate()
  }
}
