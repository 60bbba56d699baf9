import type { IncomingMessage } from 'node:http'

/** A body over the limit: refused without being read in full. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError'
  constructor(readonly maxBytes: number) {
    super(`invalid request, body larger than the limit of ${maxBytes} bytes.`)
  }
}

/** A body that did not arrive in time (`total`: all of it; `idle`: the next bytes): its connection is closed. */
export class BodyTimeoutError extends Error {
  override readonly name = 'BodyTimeoutError'
  constructor(
    readonly limit: 'total' | 'idle',
    readonly ms: number,
  ) {
    super(limit === 'total' ? `invalid request, body not received within ${ms} ms.` : `invalid request, no body data for ${ms} ms.`)
  }
}

/** The sender went away before its body was complete. */
export class BodyAbortedError extends Error {
  override readonly name = 'BodyAbortedError'
  constructor() {
    super('invalid request, the connection closed before the body was complete.')
  }
}

export interface BodyDeadlines {
  /** For the whole body, from the call on. */
  totalMs?: number
  /** Between two chunks (and before the first). */
  idleMs?: number
}

/** A 5 MiB OpenAPI body in 30 s is 170 KB/s: any LAN; a client that trickles is cut long before the server's requestTimeout. */
export const BODY_DEADLINES = { totalMs: 30_000, idleMs: 10_000 } as const

/**
 * Reads a request body as UTF-8 text, refusing (BodyTooLargeError) a declared Content-Length over
 * `maxBytes` before reading and a chunked upload as soon as it crosses the limit. A body that is
 * not all there within `deadlines.totalMs`, or stalls for `deadlines.idleMs`, is refused
 * (BodyTimeoutError) and its socket destroyed: a slow sender holds nothing open.
 */
export function readRequestBody(request: IncomingMessage, maxBytes: number, deadlines: BodyDeadlines = {}): Promise<string> {
  const totalMs = deadlines.totalMs ?? BODY_DEADLINES.totalMs
  const idleMs = deadlines.idleMs ?? BODY_DEADLINES.idleMs
  return new Promise((resolve, reject) => {
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) {
      request.resume()
      reject(new BodyTooLargeError(maxBytes))
      return
    }
    const chunks: Buffer[] = []
    let received = 0
    let settled = false
    const settle = (): boolean => {
      if (settled) return false
      settled = true
      clearTimeout(total)
      clearTimeout(idle)
      request.off('data', onData)
      request.off('end', onEnd)
      request.off('error', onError)
      request.off('close', onClose)
      return true
    }
    const cut = (error: BodyTimeoutError) => {
      if (!settle()) return
      chunks.length = 0
      reject(error)
      request.socket.destroy()
    }
    const total = setTimeout(() => cut(new BodyTimeoutError('total', totalMs)), totalMs)
    const idle = setTimeout(() => cut(new BodyTimeoutError('idle', idleMs)), idleMs)
    const onData = (chunk: Buffer) => {
      received += chunk.length
      if (received > maxBytes) {
        if (!settle()) return
        chunks.length = 0
        request.resume()
        reject(new BodyTooLargeError(maxBytes))
        return
      }
      chunks.push(chunk)
      idle.refresh()
    }
    const onEnd = () => {
      if (settle()) resolve(Buffer.concat(chunks).toString('utf8'))
    }
    const onError = (error: Error) => {
      if (settle()) reject(error)
    }
    const onClose = () => {
      if (settle()) reject(new BodyAbortedError())
    }
    request.on('data', onData)
    request.on('end', onEnd)
    request.on('error', onError)
    request.on('close', onClose)
  })
}
