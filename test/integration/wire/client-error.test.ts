import { afterEach, describe, expect, it } from 'vitest'
import { listen, type ListeningServer } from '../../../src/main/net/http-server'
import { sendRaw } from '../../support/raw-http'

/** Far more than loopback's socket buffers hold: the client is still writing when the server refuses. */
const GARBAGE_BYTES = 16 * 1024 * 1024

let server: ListeningServer | null = null
afterEach(async () => {
  await server?.close()
  server = null
})

async function answeringServer(): Promise<number> {
  server = await listen('127.0.0.1', 0, [(_request, response) => (response.writeHead(200, { 'content-type': 'text/plain' }).end('ok\n'), true)], [])
  return server.port
}

describe('a request the parser refuses', () => {
  it('is answered with a lingering close: a client still writing gets its 400, not a reset', async () => {
    const port = await answeringServer()
    const garbage = Buffer.concat([Buffer.from('NOT-HTTP '), Buffer.alloc(GARBAGE_BYTES, 'x')])
    const answer = await sendRaw(port, garbage, { readAfterWrite: true, timeoutMs: 20_000 })
    expect(answer).toMatchObject({ kind: 'response', status: 400 })
  })

  it('answers headers too large with 431', async () => {
    const port = await answeringServer()
    const answer = await sendRaw(port, Buffer.from(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'z'.repeat(64 * 1024)}\r\n\r\n`), { timeoutMs: 20_000 })
    expect(answer).toMatchObject({ kind: 'response', status: 431 })
  })
})
