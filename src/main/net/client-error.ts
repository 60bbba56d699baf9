import type { Socket } from 'node:net'
import type { ServerResponse } from 'node:http'

/** How long a socket whose request could not be read keeps dropping what the client still sends. */
const LINGER_MS = 2_000

/** Node's own answers to what its parser refuses, by error code (400 for anything else). */
const ANSWERS: Record<string, string> = {
  HPE_HEADER_OVERFLOW: '431 Request Header Fields Too Large',
  HPE_CHUNK_EXTENSIONS_OVERFLOW: '413 Payload Too Large',
  ERR_HTTP_REQUEST_TIMEOUT: '408 Request Timeout',
}

/** Sockets answered and closing: the parser keeps its error, so each later chunk is refused again. */
const lingering = new WeakSet<Socket>()

/**
 * A server's `clientError` handler: Node's own answer to a request its parser refuses (malformed,
 * headers too large, too slow), then a lingering close instead of Node's immediate destroy.
 * Destroying a socket with unread input sends a reset, and a reset throws away the answer if the
 * client has not read it yet: a fuzzed request whose body ran past its Content-Length got
 * "write ECONNRESET" instead of its 400 when the machine was busy. So the socket sends its FIN,
 * reads and drops what still comes, and goes when the client closes its side or after LINGER_MS.
 * As in Node, the status line is written unless a response on this socket has begun (its
 * `_httpMessage`, Node's name for the response in flight, has sent its head).
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Socket): void {
  if (lingering.has(socket)) return
  if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy()
  lingering.add(socket)
  const inFlight = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage
  if (!inFlight || !inFlight.headersSent) socket.write(`HTTP/1.1 ${ANSWERS[error.code ?? ''] ?? '400 Bad Request'}\r\nConnection: close\r\n\r\n`)
  socket.end()
  socket.once('end', () => socket.destroy())
  socket.resume()
  setTimeout(() => socket.destroy(), LINGER_MS).unref()
}
