import { connect, type Socket } from 'node:net'
import { Agent, request } from 'undici'
import type { CapturedExchange } from './wire-captures'

/** Sends a captured request as-is (method, path, headers, body) and returns the raw answer. */
export async function sendExchange(agent: Agent, baseUrl: string, exchange: Pick<CapturedExchange, 'method' | 'path' | 'headers' | 'body'>) {
  const response = await request(`${baseUrl}${exchange.path}`, {
    method: exchange.method,
    headers: exchange.headers,
    body: exchange.method === 'GET' ? undefined : exchange.body,
    dispatcher: agent,
  })
  const text = await response.body.text()
  return { status: response.statusCode, headers: response.headers, text, json: JSON.parse(text) as Record<string, unknown> }
}

export function testAgent(): Agent {
  return new Agent({ connections: 4 })
}

/** A raw TCP connection to a loopback server, for what an HTTP client would not send (or would fix up). */
export async function openSocket(port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1')
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve)
    socket.once('error', reject)
  })
  return socket
}

/** Reads from the socket until `done(received)` says the answer is complete, or it closes. */
export function readUntil(socket: Socket, done: (received: string) => boolean, timeoutMs = 15_000): Promise<string> {
  return new Promise((resolve, reject) => {
    let received = ''
    const finish = (): void => {
      clearTimeout(timer)
      socket.off('data', onData)
      socket.off('close', finish)
      resolve(received)
    }
    const onData = (chunk: Buffer): void => {
      received += chunk.toString('utf8')
      if (done(received)) finish()
    }
    const timer = setTimeout(() => reject(new Error(`no complete answer within ${timeoutMs} ms; got: ${received}`)), timeoutMs)
    socket.on('data', onData)
    socket.once('close', finish)
  })
}

/** True once `text` holds a complete HTTP response head plus the Content-Length body. */
export function hasWholeResponse(text: string): boolean {
  const headEnd = text.indexOf('\r\n\r\n')
  if (headEnd < 0) return false
  const length = /content-length:\s*(\d+)/i.exec(text.slice(0, headEnd))
  return length !== null && Buffer.byteLength(text.slice(headEnd + 4)) >= Number(length[1])
}

/** The JSON bodies of every response in a raw stream (Content-Length framed). */
export function responseBodies(text: string): unknown[] {
  const bodies: unknown[] = []
  let rest = text
  for (;;) {
    const headEnd = rest.indexOf('\r\n\r\n')
    if (headEnd < 0) return bodies
    const length = Number(/content-length:\s*(\d+)/i.exec(rest.slice(0, headEnd))?.[1] ?? 0)
    const body = Buffer.from(rest.slice(headEnd + 4))
      .subarray(0, length)
      .toString('utf8')
    bodies.push(JSON.parse(body))
    rest = Buffer.from(rest.slice(headEnd + 4))
      .subarray(length)
      .toString('utf8')
  }
}
