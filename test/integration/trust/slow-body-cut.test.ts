import { createServer, type IncomingMessage, type Server } from 'node:http'
import { connect, type AddressInfo, type Socket } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { listen, SERVER_TIMEOUTS } from '../../../src/main/net/http-server'
import { BodyTimeoutError, BodyTooLargeError, readRequestBody, type BodyDeadlines } from '../../../src/main/net/request-body'
import { requestBytes, sendRaw } from '../../support/raw-http'

/**
 * Security review, finding 4: a client that sends its headers and then trickles its body, or
 * stalls, held its connection open indefinitely. readRequestBody now has a deadline for the whole
 * body and one between chunks, and cuts the connection at either; here with deadlines of 200 ms
 * (the defaults are 30 s and 10 s), on a server that answers as the real callers do.
 */
let server: Server | undefined

afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  server = undefined
})

/** A server reading each body with `deadlines`; `outcomes` gets what each read came to. */
async function bodyServer(deadlines?: BodyDeadlines): Promise<{ port: number; outcomes: Promise<string | Error>[] }> {
  const outcomes: Promise<string | Error>[] = []
  server = createServer((request: IncomingMessage, response) => {
    const read = (deadlines ? readRequestBody(request, 4096, deadlines) : readRequestBody(request, 4096)).then(
      (text) => text,
      (error: Error) => error,
    )
    outcomes.push(read)
    // As auth-http and admin-api do: answer, even when the socket is gone already.
    void read.then((result) => response.writeHead(result instanceof Error ? 400 : 200).end(result instanceof Error ? result.message : `got ${result.length}`))
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return { port: (server.address() as AddressInfo).port, outcomes }
}

/** Sends a POST's headers (declaring `length` bytes) and returns the socket and a promise of its close. */
function startPost(port: number, length: number): { socket: Socket; closed: Promise<string> } {
  const socket = connect({ port, host: '127.0.0.1' })
  let received = ''
  socket.on('data', (chunk: Buffer) => (received += chunk.toString('latin1')))
  socket.on('error', () => {})
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)))
  socket.write(`POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n`)
  return { socket, closed }
}

describe('a request body that does not arrive in time', () => {
  it('is cut at the total deadline while it trickles a byte every 20 ms', async () => {
    const { port, outcomes } = await bodyServer({ totalMs: 200, idleMs: 10_000 })
    const { socket, closed } = startPost(port, 1000)
    const trickle = setInterval(() => socket.writable && socket.write('x'), 20)
    const received = await closed
    clearInterval(trickle)
    const outcome = await outcomes[0]
    expect(outcome).toBeInstanceOf(BodyTimeoutError)
    expect(outcome).toMatchObject({ limit: 'total', ms: 200 })
    // Cut, not answered: nothing came back on the socket.
    expect(received).toBe('')
  })

  it('is cut at the idle deadline when it stalls after a few bytes', async () => {
    const { port, outcomes } = await bodyServer({ totalMs: 10_000, idleMs: 200 })
    const { socket, closed } = startPost(port, 100)
    socket.write('{"name":')
    await closed
    expect(await outcomes[0]).toMatchObject({ name: 'BodyTimeoutError', limit: 'idle', ms: 200 })
  })

  it('is cut at the idle deadline when no byte of it ever comes', async () => {
    const { port, outcomes } = await bodyServer({ totalMs: 10_000, idleMs: 200 })
    await startPost(port, 100).closed
    expect(await outcomes[0]).toMatchObject({ name: 'BodyTimeoutError', limit: 'idle' })
  })
})

describe('a request body that arrives', () => {
  it('is read as before, with the old call signature too, and the connection stays for the next request', async () => {
    const { port, outcomes } = await bodyServer()
    const { socket, closed } = startPost(port, 13)
    let answers = ''
    const twoAnswers = new Promise<void>((resolve) =>
      socket.on('data', (chunk: Buffer) => {
        answers += chunk.toString('latin1')
        if ((answers.match(/HTTP\/1\.1 200/g) ?? []).length === 2) resolve()
      }),
    )
    socket.write('{"a":"hello"}')
    socket.write('POST /x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 2\r\n\r\n{}')
    await twoAnswers
    expect(await Promise.all(outcomes)).toEqual(['{"a":"hello"}', '{}'])
    socket.end()
    await closed
  })

  it('still refuses a body over the limit, declared or sent', async () => {
    const { port, outcomes } = await bodyServer({ totalMs: 10_000, idleMs: 10_000 })
    const declared = await sendRaw(
      port,
      requestBytes('POST /x HTTP/1.1', [
        ['Host', '127.0.0.1'],
        ['Content-Length', '5000'],
      ]),
    )
    const chunk = Buffer.alloc(5000, 'x')
    const sent = await sendRaw(
      port,
      requestBytes(
        'POST /x HTTP/1.1',
        [
          ['Host', '127.0.0.1'],
          ['Transfer-Encoding', 'chunked'],
        ],
        Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n0\r\n\r\n')]),
      ),
    )
    expect([declared, sent].map((a) => (a.kind === 'response' ? a.status : a.kind))).toEqual([400, 400])
    expect(await Promise.all(outcomes)).toEqual([expect.any(BodyTooLargeError), expect.any(BodyTooLargeError)])
  })
})

describe('the admin server', () => {
  it("sets Node's own header and request timeouts explicitly", async () => {
    const listening = await listen('127.0.0.1', 0, [], [])
    try {
      expect([listening.server.headersTimeout, listening.server.requestTimeout]).toEqual([SERVER_TIMEOUTS.headersTimeout, SERVER_TIMEOUTS.requestTimeout])
      expect(SERVER_TIMEOUTS.requestTimeout).toBeGreaterThan(30_000)
    } finally {
      await listening.close()
    }
  })
})
