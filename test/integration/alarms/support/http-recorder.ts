import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface RecordedRequest {
  method: string
  path: string
  headers: IncomingHttpHeaders
  body: string
}

/** Answers request number `index` (0-based); leaving `res` open makes a server that never answers. */
export type Responder = (request: RecordedRequest, index: number, res: ServerResponse) => void

export interface HttpRecorder {
  /** `http://127.0.0.1:<port>` */
  origin: string
  requests: RecordedRequest[]
  close(): Promise<void>
}

/** A loopback HTTP server that records every request body before `respond` decides the answer. */
export async function startHttpRecorder(respond: Responder): Promise<HttpRecorder> {
  const requests: RecordedRequest[] = []
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks).toString('utf8') }
      requests.push(recorded)
      respond(recorded, requests.length - 1, res)
    })
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export function reply(res: ServerResponse, status: number, body = ''): void {
  res.writeHead(status, { 'content-type': 'text/plain' })
  res.end(body)
}

/** A port nothing listens on: bound once by us, then released. */
export async function closedPort(): Promise<number> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
