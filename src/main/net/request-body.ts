import type { IncomingMessage } from 'node:http'

/** A body over the limit: refused without being read in full. */
export class BodyTooLargeError extends Error {
  override readonly name = 'BodyTooLargeError'
  constructor(readonly maxBytes: number) {
    super(`invalid request, body larger than the limit of ${maxBytes} bytes.`)
  }
}

/**
 * Reads a request body as UTF-8 text, refusing (BodyTooLargeError) a declared Content-Length over
 * `maxBytes` before reading and a chunked upload as soon as it crosses the limit.
 */
export function readRequestBody(request: IncomingMessage, maxBytes: number): Promise<string> {
  return new Promise((resolve, reject) => {
    if (Number(request.headers['content-length'] ?? 0) > maxBytes) {
      request.resume()
      reject(new BodyTooLargeError(maxBytes))
      return
    }
    const chunks: Buffer[] = []
    let received = 0
    request.on('data', (chunk: Buffer) => {
      received += chunk.length
      if (received > maxBytes) {
        chunks.length = 0
        request.removeAllListeners('data')
        request.resume()
        reject(new BodyTooLargeError(maxBytes))
        return
      }
      chunks.push(chunk)
    })
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    request.on('error', reject)
  })
}
