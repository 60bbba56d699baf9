import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ProtocolGeneration } from '../../src/shared/model'

/**
 * A stub XXL-JOB admin on 127.0.0.1 for tests: records every registry / registryRemove / callback
 * request verbatim (headers and body text) and answers in a chosen generation's envelope, like the
 * stub the captures were taken against (docs/protocol.md#captured-exchanges). It can fail the first N callbacks and, with
 * `strictShape`, refuse a callback body of the other generation's shape as real admins do (docs/protocol.md#callback).
 */
export interface StubAdminOptions {
  /** Reply envelope: G1 `{code,msg:null,content:null}`, G2/G3 `{code,msg:"Success",data:null}`, or both. */
  generation: ProtocolGeneration | 'both'
  /** Answer the first N callbacks with code 500 "stub: forced callback failure #n". */
  failFirstCallbacks?: number
  /** G1/G2 refuse `{callbackList}`, G3 refuses a bare array (G1 with an HTTP 500 page, G2/G3 "openapi invoke error"). */
  strictShape?: boolean
  /** Hold every reply until the test calls `releaseHeld()` (to test timeouts and ordering). */
  holdReplies?: boolean
}

export interface RecordedAdminRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  /** Name/value pairs exactly as sent (original case and order). */
  rawHeaders: string[]
  body: string
  json: unknown
  atMs: number
}

export interface StubAdmin {
  /** `http://127.0.0.1:<port>`; executors may append any base path (e.g. `/xxl-job-admin`). */
  readonly url: string
  readonly requests: readonly RecordedAdminRequest[]
  /** Resolves with the first recorded request (past or future) that matches; rejects after `timeoutMs`. */
  waitForRequest(match: (request: RecordedAdminRequest) => boolean, timeoutMs?: number): Promise<RecordedAdminRequest>
  releaseHeld(): void
  close(): Promise<void>
}

export async function startStubAdmin(options: StubAdminOptions): Promise<StubAdmin> {
  const requests: RecordedAdminRequest[] = []
  const waiters = new Set<{ match: (request: RecordedAdminRequest) => boolean; resolve: (request: RecordedAdminRequest) => void }>()
  const held: (() => void)[] = []
  let callbacks = 0

  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      let json: unknown
      try {
        json = body === '' ? undefined : JSON.parse(body)
      } catch {
        json = undefined
      }
      const request: RecordedAdminRequest = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        rawHeaders: req.rawHeaders,
        body,
        json,
        atMs: Date.now(),
      }
      requests.push(request)
      for (const waiter of [...waiters]) {
        if (waiter.match(request)) {
          waiters.delete(waiter)
          waiter.resolve(request)
        }
      }
      const [status, text] = answer(request)
      const reply = (): void => {
        res.writeHead(status, { 'Content-Type': status === 200 ? 'application/json' : 'text/html' })
        res.end(text)
      }
      if (options.holdReplies) held.push(reply)
      else reply()
    })
  })

  function answer(request: RecordedAdminRequest): [number, string] {
    const ok = envelope(200, null)
    if (!request.path.endsWith('/api/callback')) return [200, ok]
    callbacks += 1
    if (callbacks <= (options.failFirstCallbacks ?? 0)) return [200, envelope(500, `stub: forced callback failure #${callbacks}`)]
    if (options.strictShape && options.generation !== 'both') {
      const isArray = Array.isArray(request.json)
      const wantsArray = options.generation !== 'g3'
      if (isArray !== wantsArray) {
        if (options.generation === 'g1') return [500, '<html><body>Whitelabel Error Page</body></html>']
        return [200, envelope(500, 'openapi invoke error: body of the wrong shape')]
      }
    }
    return [200, ok]
  }

  function envelope(code: number, msg: string | null): string {
    switch (options.generation) {
      case 'g1':
        return JSON.stringify({ code, msg, content: null })
      case 'g2':
      case 'g3':
        return JSON.stringify({ code, msg: msg ?? 'Success', data: null })
      case 'both':
        return JSON.stringify({ code, msg: msg ?? 'Success', data: null, content: null })
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    waitForRequest(match, timeoutMs = 15_000) {
      const found = requests.find(match)
      if (found) return Promise.resolve(found)
      return new Promise((resolve, reject) => {
        const waiter = {
          match,
          resolve: (request: RecordedAdminRequest) => {
            clearTimeout(timer)
            resolve(request)
          },
        }
        const timer = setTimeout(() => {
          waiters.delete(waiter)
          reject(new Error(`stub admin: no matching request within ${timeoutMs} ms; saw ${requests.map((r) => r.path).join(', ') || 'none'}`))
        }, timeoutMs)
        waiters.add(waiter)
      })
    },
    releaseHeld() {
      for (const reply of held.splice(0)) reply()
    },
    close() {
      for (const reply of held.splice(0)) reply()
      server.closeAllConnections()
      return new Promise((resolve) => server.close(() => resolve()))
    },
  }
}
