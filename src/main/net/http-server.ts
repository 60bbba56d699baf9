import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { answerClientError } from './client-error'
import { ListenError } from './executor-server'

/** A request handler that returns false when the request is not its to answer. */
export type RouteHandler = (request: IncomingMessage, response: ServerResponse) => boolean | Promise<boolean>
export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => boolean

export { ListenError }

export interface ListeningServer {
  server: Server
  port: number
  host: string
  close(): Promise<void>
}

/** An origin-form request target whose path decodes (`/%zz` does not): anything else is answered 400. */
export function isWellFormedTarget(target: string | undefined): boolean {
  if (!target || !target.startsWith('/')) return false
  try {
    decodeURIComponent(new URL(target, 'http://localhost').pathname)
    return true
  } catch {
    return false
  }
}

/**
 * Node's own limits for one request, set here rather than left to the defaults of whichever Node
 * runs us: its headers within 20 s, the whole request (body included) within 60 s — a backstop
 * behind readRequestBody's tighter deadlines (./request-body.ts), for a body nobody reads. Idle
 * keep-alive connections are keepAliveTimeout's, and upgraded sockets leave these timeouts behind.
 */
export const SERVER_TIMEOUTS = { headersTimeout: 20_000, requestTimeout: 60_000 } as const

/**
 * The admin's one HTTP server: every handler is asked in order (the executor-facing API, then the
 * console's static files), and upgrades go to the browser bridge.
 */
export async function listen(host: string, port: number, handlers: RouteHandler[], upgrades: UpgradeHandler[]): Promise<ListeningServer> {
  const server = createServer({ keepAliveTimeout: 90_000, ...SERVER_TIMEOUTS }, async (request, response) => {
    try {
      if (!isWellFormedTarget(request.url)) {
        response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8', connection: 'close' }).end('malformed URL\n')
        return
      }
      for (const handler of handlers) if (await handler(request, response)) return
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found\n')
    } catch (error) {
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
      response.end(`internal error: ${(error as Error).message}\n`)
    }
  })
  server.on('clientError', answerClientError)
  // Upgraded sockets leave the server's connection tracking: they are closed here on close().
  const upgraded = new Set<Duplex>()
  server.on('upgrade', (request, socket, head) => {
    upgraded.add(socket)
    socket.once('close', () => upgraded.delete(socket))
    socket.on('error', () => socket.destroy())
    // A refusal is the last thing said on that socket, whether or not the peer closes its side.
    const refuse = (status: string) => socket.end(`HTTP/1.1 ${status}\r\nconnection: close\r\n\r\n`, () => socket.destroy())
    if (!isWellFormedTarget(request.url)) return refuse('400 Bad Request')
    for (const upgrade of upgrades) if (upgrade(request, socket, head)) return
    refuse('404 Not Found')
  })
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) => {
      const code = error.code ?? 'EUNKNOWN'
      if (code === 'EADDRINUSE')
        reject(new ListenError(code, `port ${port} on ${host} is already in use; stop the other program or choose another port with --port`))
      else if (code === 'EACCES') reject(new ListenError(code, `no permission to listen on ${host}:${port}; choose a port above 1024 with --port`))
      else if (code === 'EADDRNOTAVAIL') reject(new ListenError(code, `${host} is not an address of this machine; check --host`))
      else reject(new ListenError(code, `cannot listen on ${host}:${port}: ${error.message}`))
    })
    server.listen(port, host, () => resolve())
  })
  const address = server.address() as AddressInfo
  return {
    server,
    port: address.port,
    host,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
        for (const socket of upgraded) socket.destroy()
      }),
  }
}
