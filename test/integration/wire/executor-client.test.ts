import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, describe, expect, it } from 'vitest'
import { createExecutorClient, probeExecutorGeneration } from '../../../src/main/net/executor-client'
import { startExecutorServer, type ExecutorServer } from '../../../src/main/net/executor-server'
import { closeSharedAgents } from '../../../src/main/net/wire/post-json'
import type { TriggerParam } from '../../../src/main/executor/executor-api'
import type { ProtocolGeneration } from '../../../src/shared/model'
import { triggerParam } from '../../support/executor-fixtures'
import { createExecutorDouble } from '../../support/wire-executor-double'

const TOKEN = 'client-token'
const APP = 'client-app'
const closers: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})
afterAll(() => closeSharedAgents())

const trigger = (jobId: number, logId: number): TriggerParam =>
  triggerParam({ jobId, logId, executorParams: 'x', logDateTime: 1796014204713, glueUpdatetime: 0 })

async function ourExecutor(generation: ProtocolGeneration | 'auto', pathPrefix?: string): Promise<ExecutorServer> {
  const server = await startExecutorServer({
    executor: createExecutorDouble(),
    credentials: { accessToken: TOKEN, appName: APP },
    generation,
    host: '127.0.0.1',
    port: 0,
    pathPrefix,
  })
  closers.push(() => server.close())
  return server
}

interface Seen {
  path: string
  headers: IncomingMessage['headers']
  body: string
}

/** A scripted executor: records requests and answers with `reply(path)`; null never answers. */
async function scriptedExecutor(reply: (path: string) => string | null): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = []
  const server: Server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      seen.push({ path: req.url ?? '', headers: req.headers, body })
      const text = reply(req.url ?? '')
      if (text !== null) res.end(text)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(async () => {
    server.closeAllConnections()
    await new Promise<void>((resolve) => server.close(() => resolve()))
  })
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen }
}

describe('createExecutorClient against our executor server', () => {
  it.each(['g1', 'g2', 'g3', 'auto'] as const)('speaks to a %s server and reads data ?? content', async (generation) => {
    const server = await ourExecutor(generation)
    const client = createExecutorClient({ address: `${server.url}/`, accessToken: TOKEN, appName: APP, generation: generation === 'auto' ? null : generation })
    expect((await client.beat()).code).toBe(200)
    expect(await client.run(trigger(1, 11))).toMatchObject({ code: 200 })
    expect(await client.idleBeat(1)).toMatchObject({ code: 200 })
    const page = await client.log({ logId: 11, logDateTime: 1796014204713, fromLineNum: 1 })
    expect(page.code).toBe(200)
    expect(page.data).toMatchObject({ fromLineNum: 1, toLineNum: 6, isEnd: false })
    const again = await client.kill(42)
    expect(again.code).toBe(200)
    // G1 says it in msg, G2/G3 in data: either way the text reaches the admin.
    expect(again.msg === 'job thread already killed.' || again.data === 'job thread already killed.').toBe(true)
    expect(await client.run({ ...trigger(3, 12), glueType: 'GLUE_FOO' })).toEqual({ code: 500, msg: 'glueType[GLUE_FOO] is not valid.', data: null })
  })

  it('joins an address with a path prefix, with and without the trailing slash', async () => {
    const server = await ourExecutor('g2', '/job')
    for (const address of [`${server.url}/job`, `${server.url}/job/`]) {
      const client = createExecutorClient({ address, accessToken: TOKEN, appName: APP, generation: 'g2' })
      expect(await client.beat()).toEqual({ code: 200, msg: 'Success', data: null })
    }
  })

  it('probes the generation with a token-only beat', async () => {
    for (const generation of ['g1', 'g2', 'g3'] as const) {
      const server = await ourExecutor(generation)
      expect(await probeExecutorGeneration({ address: server.url, accessToken: TOKEN })).toBe(generation)
    }
  })
})

describe('createExecutorClient wire details', () => {
  it('sends both headers always and both time spellings to /log', async () => {
    const executor = await scriptedExecutor(() => '{"code":200,"content":{"fromLineNum":3,"toLineNum":4,"logContent":"a\\nb\\n","isEnd":false}}')
    const client = createExecutorClient({ address: executor.url, accessToken: TOKEN, appName: APP, generation: 'g1' })
    const page = await client.log({ logId: 1001, logDateTime: 1796014204713, fromLineNum: 3 })
    expect(page).toEqual({ code: 200, msg: null, data: { fromLineNum: 3, toLineNum: 4, logContent: 'a\nb\n', isEnd: false } })
    const [request] = executor.seen
    expect(request.path).toBe('/log')
    expect(request.headers['xxl-job-access-token']).toBe(TOKEN)
    expect(request.headers['xxl-job-appname']).toBe(APP)
    expect(JSON.parse(request.body)).toEqual({ logId: 1001, logDateTime: 1796014204713, logDateTim: 1796014204713, fromLineNum: 3 })
  })

  it('keeps a JobDesk agent’s count of lines it could not write, and nothing but a positive whole number', async () => {
    const answers = ['4', '0', '-1', '2.5', '"3"']
    const executor = await scriptedExecutor(
      () => `{"code":200,"content":{"fromLineNum":1,"toLineNum":1,"logContent":"a\\n","isEnd":true,"lostLines":${answers.shift()}}}`,
    )
    const client = createExecutorClient({ address: executor.url, accessToken: TOKEN, appName: APP, generation: 'g3' })
    const read = async () => (await client.log({ logId: 5, logDateTime: 1796014204713, fromLineNum: 1 })).data
    expect(await read()).toEqual({ fromLineNum: 1, toLineNum: 1, logContent: 'a\n', isEnd: true, lostLines: 4 })
    for (let i = 0; i < 4; i++) expect(await read()).toEqual({ fromLineNum: 1, toLineNum: 1, logContent: 'a\n', isEnd: true })
  })

  it('uses /run for G1/G2 and /trigger for G3', async () => {
    const executor = await scriptedExecutor(() => '{"code":200}')
    for (const generation of ['g1', 'g2', 'g3'] as const) {
      await createExecutorClient({ address: executor.url, accessToken: TOKEN, appName: APP, generation }).run(trigger(1, 1))
    }
    expect(executor.seen.map((request) => request.path)).toEqual(['/run', '/run', '/trigger'])
    expect(JSON.parse(executor.seen[2].body)).toEqual(trigger(1, 1))
  })

  it('with an unknown generation, switches to /trigger when /run is not found, and remembers', async () => {
    const executor = await scriptedExecutor((path) =>
      path === '/trigger' ? '{"code":200,"msg":"Success"}' : `{"code":500,"msg":"invalid request, uri-mapping(${path}) not found."}`,
    )
    const client = createExecutorClient({ address: executor.url, accessToken: TOKEN, appName: APP })
    expect(client.generation).toBeNull()
    expect(await client.run(trigger(1, 1))).toEqual({ code: 200, msg: 'Success', data: null })
    expect(client.generation).toBe('g3')
    expect(await client.run(trigger(1, 2))).toMatchObject({ code: 200 })
    expect(executor.seen.map((request) => request.path)).toEqual(['/run', '/trigger', '/trigger'])
  })

  it('with a configured generation, does not second-guess a refusal', async () => {
    const executor = await scriptedExecutor((path) => `{"code":500,"msg":"invalid request, uri-mapping(${path}) not found."}`)
    const client = createExecutorClient({ address: executor.url, accessToken: TOKEN, appName: APP, generation: 'g2' })
    expect((await client.run(trigger(1, 1))).msg).toBe('invalid request, uri-mapping(/run) not found.')
    expect(executor.seen).toHaveLength(1)
  })

  it('turns a server that never answers into a code 500 after the timeout', async () => {
    const executor = await scriptedExecutor(() => null)
    const client = createExecutorClient({ address: executor.url, accessToken: TOKEN, appName: APP, generation: 'g1', timeoutMs: 300 })
    const reply = await client.run(trigger(1, 1))
    expect(reply.code).toBe(500)
    expect(reply.msg).toBe(`executor ${executor.url}/run: no answer within 300 ms`)
  })

  it('turns a refused connection, an HTTP error and a garbled body into code 500 replies', async () => {
    const gone = await scriptedExecutor(() => '{}')
    await closers.pop()!()
    const refused = await createExecutorClient({ address: gone.url, accessToken: TOKEN, appName: APP }).beat()
    expect(refused.code).toBe(500)
    expect(refused.msg).toContain('ECONNREFUSED')

    const garbled = await scriptedExecutor(() => '<html>hello</html>')
    expect(await createExecutorClient({ address: garbled.url, accessToken: TOKEN, appName: APP }).beat()).toEqual({
      code: 500,
      msg: `executor ${garbled.url}/beat answered something that is not an XXL-JOB reply: <html>hello</html>`,
    })
    const noPage = await scriptedExecutor(() => '{"code":200,"msg":"Success","data":"nope"}')
    expect((await createExecutorClient({ address: noPage.url, accessToken: TOKEN, appName: APP }).log({ logId: 1, logDateTime: 1, fromLineNum: 1 })).code).toBe(
      500,
    )
  })
})
