import { createServer, type Server } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../../test/support/free-port'
import { postJson } from './post-json'

/** What a failed POST says on loopback: no connection at all (nothing ran there), or an answer that never came. */
let silent: Server
let silentPort = 0
beforeAll(async () => {
  // Accepts the connection and never answers.
  silent = createServer(() => {})
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  silentPort = (silent.address() as { port: number }).port
})
afterAll(async () => {
  silent.closeAllConnections()
  await new Promise((resolve) => silent.close(resolve))
})

describe('postJson', () => {
  it('says unreachable when nothing listens, and only then', async () => {
    const closed = await freePort()
    const refused = await postJson(`http://127.0.0.1:${closed}/run`, {}, '{}', { timeoutMs: 1000 })
    expect(refused).toMatchObject({ kind: 'failed', unreachable: true })
    expect(refused.kind === 'failed' && refused.reason).toMatch(/ECONNREFUSED/)
    const slow = await postJson(`http://127.0.0.1:${silentPort}/run`, {}, '{}', { timeoutMs: 200 })
    expect(slow).toEqual({ kind: 'failed', reason: 'no answer within 200 ms', unreachable: false })
  })
})
