import { afterAll, afterEach, beforeEach, describe, expect, it } from 'vitest'
import { bodyTooLargeMessage, startExecutorServer, type ExecutorServer } from '../../../src/main/net/executor-server'
import type { ProtocolGeneration } from '../../../src/shared/model'
import { triggerParam } from '../../support/executor-fixtures'
import { CAPTURE_APP, CAPTURE_TOKEN } from '../../support/wire-captures'
import { createExecutorDouble, type ExecutorDouble } from '../../support/wire-executor-double'
import { hasWholeResponse, openSocket, readUntil, responseBodies, sendExchange, testAgent } from '../../support/wire-http'

const agent = testAgent()
afterAll(() => agent.close())

const h1 = { 'Content-Type': 'application/json', 'XXL-JOB-ACCESS-TOKEN': CAPTURE_TOKEN, 'XXL-JOB-APPNAME': CAPTURE_APP }
const validTrigger = triggerParam({ jobId: 1, logId: 1, logDateTime: 1796014204713, glueUpdatetime: 0 })

let server: ExecutorServer
let executor: ExecutorDouble

async function start(generation: ProtocolGeneration | 'auto', extra: { maxBodyBytes?: number; idleTimeoutMs?: number } = {}): Promise<void> {
  executor = createExecutorDouble()
  server = await startExecutorServer({
    executor,
    credentials: { accessToken: CAPTURE_TOKEN, appName: CAPTURE_APP },
    generation,
    host: '127.0.0.1',
    port: 0,
    ...extra,
  })
}

async function post(path: string, body: string, headers: Record<string, string> = h1) {
  return (await sendExchange(agent, server.url, { method: 'POST', path, headers, body })).json
}

async function expectHealthy(): Promise<void> {
  expect(await post('/beat', '')).toMatchObject({ code: 200 })
}

afterEach(() => server?.close())

describe('malformed bodies', () => {
  beforeEach(() => start('g3'))

  it('answers malformed JSON and wrong field types with a clear code 500 and never calls the core', async () => {
    const cases: [string, string, string][] = [
      ['/trigger', '{"jobId":1,', 'invalid request, body: malformed JSON ('],
      ['/run', JSON.stringify({ ...validTrigger, jobId: '1' }), 'invalid request, jobId: must be a whole number, got the text "1"'],
      ['/run', JSON.stringify({ ...validTrigger, logId: undefined }), 'invalid request, logId: is required'],
      ['/run', JSON.stringify({ ...validTrigger, executorTimeout: true }), 'invalid request, executorTimeout: must be a whole number, got true'],
      ['/run', JSON.stringify([validTrigger]), 'invalid request, body: must be an object, got a list of 1 item'],
      ['/kill', '{"jobId":"2"}', 'invalid request, jobId: must be a whole number'],
      ['/idleBeat', '', 'invalid request, body: is required'],
      ['/log', '{"logId":1,"logDateTim":"today","fromLineNum":1}', 'invalid request, logDateTim: must be a whole number'],
      ['/log', '{"logId":1,"logDateTime":1,"fromLineNum":-1}', 'invalid request, fromLineNum: must be at least 0, got the number -1'],
      ['/beat', '{not json', 'invalid request, body: malformed JSON ('],
    ]
    for (const [path, body, message] of cases) {
      const reply = await post(path, body)
      expect(reply.code, `${path} ${body}`).toBe(500)
      expect(reply.msg as string, `${path} ${body}`).toContain(message)
      expect(Object.keys(reply).sort()).toEqual(['code', 'msg'])
    }
    expect(executor.calls).toEqual([])
    await expectHealthy()
  })
})

describe('authentication', () => {
  it('G3: missing or wrong token and a foreign app name are refused before the core', async () => {
    await start('g3')
    const cases: [Record<string, string>, string][] = [
      [{ 'XXL-JOB-APPNAME': CAPTURE_APP }, 'invalid request, accessToken or appname is empty.'],
      [{ 'XXL-JOB-ACCESS-TOKEN': CAPTURE_TOKEN }, 'invalid request, accessToken or appname is empty.'],
      [{ 'XXL-JOB-ACCESS-TOKEN': 'nope', 'XXL-JOB-APPNAME': CAPTURE_APP }, 'invalid request, accessToken or appname invalid.'],
      [{ 'XXL-JOB-ACCESS-TOKEN': `${CAPTURE_TOKEN}x`, 'XXL-JOB-APPNAME': CAPTURE_APP }, 'invalid request, accessToken or appname invalid.'],
      [{ 'XXL-JOB-ACCESS-TOKEN': CAPTURE_TOKEN, 'XXL-JOB-APPNAME': 'other-app' }, 'invalid request, accessToken or appname invalid.'],
    ]
    for (const [headers, msg] of cases) {
      expect(await post('/run', JSON.stringify(validTrigger), headers)).toEqual({ code: 500, msg })
    }
    expect(executor.calls).toEqual([])
    await expectHealthy()
  })

  it('G1/G2 and auto: the token decides; auto also checks an app name when one is sent', async () => {
    for (const generation of ['g1', 'g2', 'auto'] as const) {
      await start(generation)
      expect(await post('/kill', '{"jobId":1}', { 'XXL-JOB-ACCESS-TOKEN': 'nope' })).toEqual({ code: 500, msg: 'The access token is wrong.' })
      expect(await post('/kill', '{"jobId":1}', {})).toEqual({ code: 500, msg: 'The access token is wrong.' })
      const foreignApp = await post('/kill', '{"jobId":1}', { 'XXL-JOB-ACCESS-TOKEN': CAPTURE_TOKEN, 'XXL-JOB-APPNAME': 'other-app' })
      if (generation === 'auto') expect(foreignApp).toEqual({ code: 500, msg: 'invalid request, accessToken or appname invalid.' })
      else expect(foreignApp.code).toBe(200)
      expect(executor.calls.length).toBe(generation === 'auto' ? 0 : 1)
      await expectHealthy()
      await server.close()
    }
  })
})

describe('body size limit', () => {
  it('refuses a declared oversize body without reading it, then keeps serving', async () => {
    await start('g2')
    const socket = await openSocket(server.port)
    // Only the head is sent: the answer must come without the 6 MiB that Content-Length promises.
    socket.write(`POST /run HTTP/1.1\r\nHost: x\r\nXXL-JOB-ACCESS-TOKEN: ${CAPTURE_TOKEN}\r\nContent-Length: ${6 * 1024 * 1024}\r\n\r\n`)
    const answer = await readUntil(socket, hasWholeResponse)
    socket.destroy()
    expect(answer).toMatch(/^HTTP\/1\.1 200 OK/)
    expect(answer.toLowerCase()).toContain('connection: close')
    expect(responseBodies(answer)).toEqual([{ code: 500, msg: bodyTooLargeMessage(5 * 1024 * 1024) }])
    expect(executor.calls).toEqual([])
    await expectHealthy()
  })

  it('cuts off a chunked upload once it crosses the limit', async () => {
    await start('g1', { maxBodyBytes: 1024 })
    const socket = await openSocket(server.port)
    socket.write(`POST /run HTTP/1.1\r\nHost: x\r\nXXL-JOB-ACCESS-TOKEN: ${CAPTURE_TOKEN}\r\nTransfer-Encoding: chunked\r\n\r\n`)
    const chunk = 'x'.repeat(600)
    socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)
    socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)
    const answer = await readUntil(socket, hasWholeResponse)
    socket.destroy()
    expect(responseBodies(answer)).toEqual([{ code: 500, msg: 'invalid request, body larger than the limit of 1024 bytes.' }])
    expect(executor.calls).toEqual([])
    await expectHealthy()
  })

  it('accepts a body just under the limit', async () => {
    await start('g1', { maxBodyBytes: 2048 })
    const body = JSON.stringify({ ...validTrigger, executorParams: 'p'.repeat(1500) })
    expect(Buffer.byteLength(body)).toBeLessThan(2048)
    expect(await post('/run', body)).toEqual({ code: 200 })
  })
})

describe('connections', () => {
  it('keeps a connection alive across requests', async () => {
    await start('g1')
    const socket = await openSocket(server.port)
    const request = `POST /beat HTTP/1.1\r\nHost: x\r\nXXL-JOB-ACCESS-TOKEN: ${CAPTURE_TOKEN}\r\nContent-Length: 0\r\n\r\n`
    socket.write(request)
    await readUntil(socket, hasWholeResponse)
    socket.write(request)
    const second = await readUntil(socket, hasWholeResponse)
    socket.destroy()
    expect(responseBodies(second)).toEqual([{ code: 200 }])
  })

  it('closes a connection that stays idle past the idle timeout', async () => {
    await start('g1', { idleTimeoutMs: 300 })
    const socket = await openSocket(server.port)
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()))
    socket.write(`POST /beat HTTP/1.1\r\nHost: x\r\nXXL-JOB-ACCESS-TOKEN: ${CAPTURE_TOKEN}\r\nContent-Length: 0\r\n\r\n`)
    await readUntil(socket, hasWholeResponse)
    await closed
    expect(socket.destroyed).toBe(true)
  })

  it('answers with the captured texts for a wrong method and an unknown path, also under a prefix', async () => {
    executor = createExecutorDouble()
    server = await startExecutorServer({
      executor,
      credentials: { accessToken: CAPTURE_TOKEN, appName: CAPTURE_APP },
      generation: 'g1',
      host: '127.0.0.1',
      port: 0,
      pathPrefix: '/job',
    })
    expect((await sendExchange(agent, server.url, { method: 'GET', path: '/job/beat', headers: h1, body: '' })).json).toEqual({
      code: 500,
      msg: 'invalid request, HttpMethod not support.',
    })
    expect(await post('/job/nope', '{}')).toEqual({ code: 500, msg: 'invalid request, uri-mapping(/job/nope) not found.' })
    expect(await post('/jobbeat', '{}')).toEqual({ code: 500, msg: 'invalid request, uri-mapping(/jobbeat) not found.' })
    expect(await post('/beat?x=1', '{}')).toEqual({ code: 500, msg: 'invalid request, uri-mapping(/beat?x=1) not found.' })
    expect(await post('/job/beat', '{}')).toEqual({ code: 200 })
    expect(await post('/beat', '{}')).toEqual({ code: 200 })
  })
})

describe('start-up', () => {
  it('refuses to serve without an access token', async () => {
    await expect(
      startExecutorServer({
        executor: createExecutorDouble(),
        credentials: { accessToken: ' ', appName: CAPTURE_APP },
        generation: 'g2',
        host: '127.0.0.1',
        port: 0,
      }),
    ).rejects.toThrow('credentials.accessToken: required')
  })
})
