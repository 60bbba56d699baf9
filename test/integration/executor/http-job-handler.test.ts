import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RESPONSE_PREFIX_BYTES } from '../../../src/main/executor/handlers/http-job-handler'
import { triggerParam } from '../../support/executor-fixtures'
import { startInProcessExecutor, type InProcessExecutor } from '../../support/executor-in-process'

interface Seen {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

const HUGE_BYTES = 200 * 1024 * 1024
const CHUNK = Buffer.alloc(64 * 1024, 'x')

/** Streams up to HUGE_BYTES, waiting for the client to read each chunk; resolves with what it sent. */
async function streamHuge(response: ServerResponse): Promise<number> {
  response.writeHead(200, { 'content-type': 'text/plain', 'content-length': String(HUGE_BYTES) })
  let sent = 0
  while (sent < HUGE_BYTES && !response.destroyed) {
    sent += CHUNK.length
    if (!response.write(CHUNK)) {
      await new Promise<void>((resolve) => {
        response.once('drain', resolve)
        response.once('close', resolve)
      })
    }
  }
  response.end()
  return sent
}

describe('httpJobHandler over loopback (XXL-JOB 3.x and JobDesk formats, allowlist, bounded reads)', () => {
  let server: Server
  let base = ''
  let target: InProcessExecutor
  const seen: Seen[] = []
  let hugeSent: Promise<number> = Promise.resolve(0)

  beforeAll(async () => {
    server = createServer((request, response) => {
      let body = ''
      request.setEncoding('utf8')
      request.on('data', (chunk: string) => (body += chunk))
      request.on('end', () => {
        seen.push({ method: request.method!, url: request.url!, headers: request.headers, body })
        if (request.url === '/allowed/huge') hugeSent = streamHuge(response)
        else if (request.url === '/allowed/silent')
          return // never answers: the wait timeout ends it
        else if (request.url === '/allowed/missing') response.writeHead(404).end('nothing here')
        else response.writeHead(200).end('all good')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    target = await startInProcessExecutor({ httpAllowPrefixes: [`${base}/allowed`] })
  })
  afterAll(async () => {
    await target.teardown()
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  async function runHttp(param: unknown): Promise<{ handleCode: number; handleMsg: string | null; log: string }> {
    const trigger = triggerParam({ jobId: 61, executorHandler: 'httpJobHandler', executorParams: JSON.stringify(param) })
    expect((await target.api.run(trigger)).code).toBe(200)
    const callback = await target.waitForCallback(trigger.logId)
    const page = await target.api.log({ logId: trigger.logId, logDateTime: trigger.logDateTime, fromLineNum: 1 })
    return { handleCode: callback.handleCode, handleMsg: callback.handleMsg, log: page.data?.logContent ?? '' }
  }

  it('sends an XXL-JOB 3.x parameter as XXL-JOB does: POST, data as the body, cookies, auth, headers', async () => {
    const result = await runHttp({
      url: `${base}/allowed/hook`,
      contentType: 'application/json',
      headers: { 'X-Trace': 't-1' },
      cookies: { session: 's1', lang: 'en' },
      data: '{"report":"nightly"}',
      auth: 'Bearer secret-1',
      timeout: 3000,
    })
    expect(result).toMatchObject({ handleCode: 200, handleMsg: 'http status 200' })
    expect(seen.at(-1)).toMatchObject({ method: 'POST', url: '/allowed/hook', body: '{"report":"nightly"}' })
    expect(seen.at(-1)!.headers).toMatchObject({
      'content-type': 'application/json;charset=UTF-8',
      'x-trace': 't-1',
      cookie: 'session=s1; lang=en',
      authorization: 'Bearer secret-1',
    })
    expect(result.log).toContain(`POST ${base}/allowed/hook`)
    expect(result.log).toContain('body: all good')
  })

  it('puts an XXL-JOB form in the query for GET and url-encodes it as the body otherwise', async () => {
    await runHttp({ url: `${base}/allowed/search`, method: 'get', form: { q: 'a b' } })
    expect(seen.at(-1)).toMatchObject({ method: 'GET', url: '/allowed/search?q=a+b', body: '' })
    await runHttp({ url: `${base}/allowed/form`, form: { q: 'a b', n: '1' } })
    expect(seen.at(-1)).toMatchObject({ method: 'POST', body: 'q=a+b&n=1' })
    expect(seen.at(-1)!.headers['content-type']).toBe('application/x-www-form-urlencoded;charset=UTF-8')
  })

  it("still takes JobDesk's format, and fails the run on a status outside 2xx", async () => {
    expect(await runHttp({ url: `${base}/allowed/ok`, method: 'PUT', body: { a: 1 }, timeoutMs: 5000 })).toMatchObject({ handleCode: 200 })
    expect(seen.at(-1)).toMatchObject({ method: 'PUT', body: '{"a":1}' })
    expect(await runHttp({ url: `${base}/allowed/missing` })).toMatchObject({ handleCode: 500, handleMsg: `http status 404 from ${base}/allowed/missing` })
  })

  it('reads only a prefix of a large response and drops the connection instead of buffering the rest', async () => {
    const result = await runHttp({ url: `${base}/allowed/huge`, method: 'GET' })
    expect(result.handleCode).toBe(200)
    expect(result.log).toContain(`body (first ${RESPONSE_PREFIX_BYTES} bytes of ${HUGE_BYTES}; the rest was not read): xxxx`)
    // The server could push little past what the sockets buffer before the client hung up.
    expect(await hugeSent).toBeLessThan(HUGE_BYTES / 10)
  })

  it('ends a request whose reply does not come within the XXL-JOB timeout (ms)', async () => {
    const result = await runHttp({ url: `${base}/allowed/silent`, data: 'x', timeout: 300 })
    expect(result.handleCode).toBe(500)
    expect(result.handleMsg).toMatch(new RegExp(`^POST ${base}/allowed/silent failed: .*[Tt]imeout`))
  })

  it('refuses URLs outside the allowlist by parsed origin and path segment, and unknown fields by name', async () => {
    const before = seen.length
    for (const url of [
      `${base}/allowedx`,
      `${base.replace('127.0.0.1', '127.0.0.1.evil.test')}/allowed`,
      `http://127.0.0.1@localhost:${new URL(base).port}/allowed/`,
    ]) {
      const result = await runHttp({ url })
      expect(result.handleCode, url).toBe(500)
      expect(result.handleMsg, url).toContain('is not allowed on this executor')
    }
    const unknown = await runHttp({ url: `${base}/allowed/ok`, payload: 'x' })
    expect(unknown.handleMsg).toMatch(/^param: unknown field "payload"/)
    expect(seen.length).toBe(before)
  })
})
