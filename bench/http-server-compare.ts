/**
 * node:http against fastify 5 for the executor's HTTP server: the same route handler
 * (createExecutorRoutes over a no-op ExecutorApi), each server in its own process, loaded by an undici
 * Pool with 32 keep-alive connections posting a ~300-B `/run` body. Prints req/s and p50/p99 per
 * server (median of alternating rounds) and which one is faster, beside a bare node:http server that
 * only answers `{"code":200}` (the ceiling for this client on this machine).
 *
 *   node --import tsx bench/http-server-compare.ts [--rounds 3] [--seconds 5]
 */
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'
import { startExecutorServer } from '../src/main/net/executor-server'
import { answerWireRequest, createExecutorRoutes, type ExecutorRouteOptions } from '../src/main/net/wire/executor-routes'
import {
  benchTrigger,
  describeMachine,
  formatLoad,
  serveBareHttp,
  median,
  postOnce,
  postPool,
  runLoadOnServer,
  startServerChild,
  type LoadResult,
  NOOP_EXECUTOR,
} from './support/wire-load'

const TOKEN = 'bench-token'
const APP = 'bench-app'
const CONNECTIONS = 32

/** A ~300-B trigger body, as a 3.x admin sends it. */
export const RUN_BODY = JSON.stringify(benchTrigger(1_000_001, 1, 'demoJobHandler', 'bench-param-0123456789'))

const routeOptions: ExecutorRouteOptions = { executor: NOOP_EXECUTOR, credentials: { accessToken: TOKEN, appName: APP }, generation: 'g2' }

async function serveNode(): Promise<number> {
  const server = await startExecutorServer({ ...routeOptions, host: '127.0.0.1', port: 0 })
  process.once('SIGTERM', () => void server.close().then(() => process.exit(0)))
  return server.port
}

async function serveFastify(): Promise<number> {
  const { default: fastify } = await import('fastify')
  const routes = createExecutorRoutes(routeOptions)
  const app = fastify({ logger: false, bodyLimit: 5 * 1024 * 1024, keepAliveTimeout: 90_000 })
  // The routes parse and validate the body themselves, so fastify hands it over as text.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body))
  app.all('*', async (request, reply) => {
    const text = await answerWireRequest(routes, {
      method: request.method,
      uri: request.url,
      headers: request.headers,
      bodyText: typeof request.body === 'string' ? request.body : '',
    })
    void reply.code(200).header('Content-Type', 'application/json;charset=UTF-8').send(text)
    return reply
  })
  await app.listen({ host: '127.0.0.1', port: 0 })
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)))
  const address = app.server.address()
  return typeof address === 'object' && address ? address.port : 0
}

type Kind = 'node' | 'fastify' | 'bare'

async function measure(kind: Kind, seconds: number): Promise<LoadResult> {
  const server = await startServerChild(fileURLToPath(import.meta.url), ['--serve', kind])
  const pool = postPool(`http://127.0.0.1:${server.port}`, CONNECTIONS)
  const headers = { 'content-type': 'application/json;charset=UTF-8', 'xxl-job-access-token': TOKEN, 'xxl-job-appname': APP }
  try {
    const sample = await postOnce(pool, '/run', headers, RUN_BODY)
    if (!sample.startsWith('{"code":200')) throw new Error(`${kind} answered ${sample}`)
    return await runLoadOnServer(server.child.pid!, {
      warmupMs: 1500,
      measureMs: seconds * 1000,
      concurrency: CONNECTIONS,
      send: async () => (await postOnce(pool, '/run', headers, RUN_BODY)).startsWith('{"code":200'),
    })
  } finally {
    await pool.close()
    await server.stop()
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { serve: { type: 'string' }, rounds: { type: 'string', default: '3' }, seconds: { type: 'string', default: '5' } } })
  if (values.serve) {
    const port = values.serve === 'fastify' ? await serveFastify() : values.serve === 'bare' ? await serveBareHttp() : await serveNode()
    console.log(`READY ${port}`)
    return
  }
  const rounds = Number(values.rounds)
  const seconds = Number(values.seconds)
  console.log(describeMachine())
  console.log(
    `executor HTTP server: node:http vs fastify 5 — undici Pool ${CONNECTIONS} connections, ${RUN_BODY.length}-B /run body, ${rounds} rounds × ${seconds} s`,
  )
  const results: Record<Kind, LoadResult[]> = { node: [], fastify: [], bare: [] }
  for (let round = 0; round < rounds; round += 1) {
    for (const kind of round % 2 === 0 ? (['bare', 'node', 'fastify'] as const) : (['fastify', 'node', 'bare'] as const)) {
      const result = await measure(kind, seconds)
      results[kind].push(result)
      console.log(formatLoad(`round ${round + 1} ${kind}`, result))
    }
  }
  const summary = (kind: Kind) => ({
    perSecond: median(results[kind].map((r) => r.perSecond)),
    p50Ms: median(results[kind].map((r) => r.p50Ms)),
    p99Ms: median(results[kind].map((r) => r.p99Ms)),
    cpuUs: median(results[kind].map((r) => r.serverCpuUsPerRequest ?? Number.NaN)),
  })
  const line = (label: string, s: ReturnType<typeof summary>) =>
    `median ${label.padEnd(40)} ${Math.round(s.perSecond)} req/s  p50 ${s.p50Ms.toFixed(2)} ms  p99 ${s.p99Ms.toFixed(2)} ms  server ${s.cpuUs.toFixed(1)} CPU-µs/req`
  const node = summary('node')
  const fast = summary('fastify')
  const bare = summary('bare')
  console.log(line('bare node:http (reference, no routing)', bare))
  console.log(line('executor routes on node:http', node))
  console.log(line('executor routes on fastify 5', fast))
  console.log(
    `ratio fastify / node:http: throughput ${(fast.perSecond / node.perSecond).toFixed(2)}, server CPU per request ${(fast.cpuUs / node.cpuUs).toFixed(2)} → faster: ${fast.perSecond > node.perSecond ? 'fastify' : 'node:http'}`,
  )
  console.log(describeMachine())
}

await main()
