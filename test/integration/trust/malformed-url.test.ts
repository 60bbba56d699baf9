import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AdminHarness } from '../../support/admin-harness'
import { requestBytes, sendRaw } from '../../support/raw-http'

/** Issue 9, finding 8: `GET /%zz` answered HTTP 500. A URL that cannot be decoded is the client's error: 400. */
let h: AdminHarness
beforeAll(async () => (h = await AdminHarness.start()), 60_000)
afterAll(async () => h?.stop())

async function statusOf(method: string, path: string): Promise<number | string> {
  const answer = await sendRaw(
    h.port,
    requestBytes(`${method} ${path} HTTP/1.1`, [
      ['Host', '127.0.0.1'],
      ['Content-Length', '0'],
    ]),
    { headOnly: method === 'HEAD' },
  )
  return answer.kind === 'response' ? answer.status : answer.kind
}

describe('a URL with a bad percent-escape', () => {
  it('is answered 400 wherever it points, and the server goes on', async () => {
    for (const [method, path] of [
      ['GET', '/%zz'],
      ['GET', '/%'],
      ['GET', '/assets/%E0%A4%A.js'],
      ['HEAD', '/%zz'],
      ['GET', '/xxl-job-admin/%zz'],
    ]) {
      expect(await statusOf(method, path), `${method} ${path}`).toBe(400)
    }
    expect(await statusOf('GET', '/')).toBe(200)
    await h.expectAlive()
  })
})
