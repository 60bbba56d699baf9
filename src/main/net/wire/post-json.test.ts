import { createServer, type Server, type ServerResponse } from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort } from '../../../../test/support/free-port'
import { CONNECTIONS_PER_ORIGIN, postJson } from './post-json'

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
    expect(slow).toEqual({ kind: 'failed', reason: 'no answer within 200 ms', unreachable: false, waitedMs: 0 })
  })

  it('sends as many requests to one origin at once as it keeps connections, and says how long the others waited', async () => {
    const held: ServerResponse[] = []
    let answerAtOnce = false
    let full!: () => void
    const allConnectionsBusy = new Promise<void>((resolve) => (full = resolve))
    const answer = (res: ServerResponse) => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"code":200}')
    const server = createServer((_req, res) => {
      if (answerAtOnce) return answer(res)
      held.push(res)
      if (held.length === CONNECTIONS_PER_ORIGIN) full()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    try {
      const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/run`
      const posts = Array.from({ length: CONNECTIONS_PER_ORIGIN + 2 }, () => postJson(url, {}, '{}', { timeoutMs: 5000 }))
      await allConnectionsBusy
      answerAtOnce = true
      held.splice(0).forEach(answer)
      const outcomes = await Promise.all(posts)
      expect(outcomes.every((outcome) => outcome.kind === 'reply' && outcome.status === 200)).toBe(true)
      expect(outcomes.filter((outcome) => outcome.waitedMs === 0)).toHaveLength(CONNECTIONS_PER_ORIGIN)
      expect(outcomes.slice(CONNECTIONS_PER_ORIGIN).every((outcome) => outcome.waitedMs > 0)).toBe(true)
    } finally {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
})
