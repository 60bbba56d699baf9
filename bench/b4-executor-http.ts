/**
 * B4, executor side: no-op triggers per second that the executor accepts over HTTP (XXL `/run` with
 * token and JSON), sent by one admin-side client — our ExecutorClient on its shared undici agent
 * (keep-alive, 32 connections per origin), 32 in flight — with round-trip p50/p99. In the same run,
 * the reference: a raw undici Pool (32 connections) posting the same body to a bare node:http server
 * that answers `{"code":200}`. Prints the ratio; the aim is ≥ 0.33 of raw.
 *
 * Each server runs in its own process. The executor behind the server is chosen with --core:
 * `real` (default: createExecutor with a no-op handler module — each accepted trigger becomes a run
 * with its run log file and callback, XXL-JOB's layout as the LAN agent keeps it), `real-packed` (the
 * same with packed run logs, as the agent's --run-log-layout packed) or `noop` (an ExecutorApi that
 * accepts every trigger and does nothing, which isolates the wire's own cost).
 *
 *   node --import tsx bench/b4-executor-http.ts [--core real|noop] [--rounds 3] [--seconds 6] [--jobs 100]
 */
import { parseArgs } from 'node:util'
import { fileURLToPath } from 'node:url'
import type { ExecutorApi, TriggerParam } from '../src/main/executor/executor-api'
import { createExecutorClient } from '../src/main/net/executor-client'
import { startExecutorServer } from '../src/main/net/executor-server'
import { closeSharedAgents } from '../src/main/net/wire/post-json'
import { BenchResult } from './support/results'
import { QUICK } from './support/cli'
import {
  benchTrigger,
  describeMachine,
  formatLoad,
  median,
  postOnce,
  postPool,
  runLoadOnServer,
  serveBareHttp,
  startServerChild,
  type LoadResult,
  NOOP_EXECUTOR,
} from './support/wire-load'

const TOKEN = 'b4-token'
const APP = 'b4-executor'
const IN_FLIGHT = 32
const TARGET_RATIO = 0.33
const WARMUP_MS = QUICK ? 300 : 1500

type Core = 'noop' | 'real' | 'real-packed'

function triggerFor(logId: number, jobs: number): TriggerParam {
  return benchTrigger(logId, (logId % jobs) + 1, 'noopJobHandler', 'b4-param-0123456789')
}

interface BenchCore {
  executor: ExecutorApi
  stop: () => Promise<void>
  /** Runs the core has reported finished (callbacks); null for the no-op core, which runs nothing. */
  callbackCount: () => number | null
}

async function executorFor(core: Core): Promise<BenchCore> {
  if (core === 'noop') return { executor: NOOP_EXECUTOR, stop: async () => {}, callbackCount: () => null }
  const { createBenchExecutor } = await import('../test/support/wire-real-core')
  return createBenchExecutor(core === 'real-packed' ? 'packed' : 'files')
}

async function serveExecutor(core: Core): Promise<number> {
  const bench = await executorFor(core)
  let accepted = 0
  const executor: ExecutorApi = {
    ...bench.executor,
    run: async (param) => {
      const reply = await bench.executor.run(param)
      if (reply.code === 200) accepted += 1
      return reply
    },
  }
  const server = await startExecutorServer({ executor, credentials: { accessToken: TOKEN, appName: APP }, generation: 'g2', host: '127.0.0.1', port: 0 })
  process.once('SIGTERM', () => {
    console.log(backlogLine(accepted, bench.callbackCount()))
    void server
      .close()
      .then(bench.stop)
      .then(() => process.exit(0))
  })
  return server.port
}

/** How many accepted runs had not finished when the load stopped (the core falling behind shows here). */
function backlogLine(accepted: number, finished: number | null): string {
  return finished === null
    ? `BACKLOG accepted ${accepted}`
    : `BACKLOG accepted ${accepted}, finished ${finished}, still queued or running ${accepted - finished}`
}

async function measureExecutor(core: Core, seconds: number, jobs: number): Promise<LoadResult> {
  const server = await startServerChild(fileURLToPath(import.meta.url), ['--serve', 'executor', '--core', core])
  const client = createExecutorClient({ address: `http://127.0.0.1:${server.port}/`, accessToken: TOKEN, appName: APP, generation: 'g2' })
  let logId = 0
  try {
    const first = await client.run(triggerFor((logId += 1), jobs))
    if (first.code !== 200) throw new Error(`the executor refused the first trigger: ${first.msg}`)
    const result = await runLoadOnServer(server.child.pid!, {
      warmupMs: WARMUP_MS,
      measureMs: seconds * 1000,
      concurrency: IN_FLIGHT,
      send: async () => (await client.run(triggerFor((logId += 1), jobs))).code === 200,
    })
    await server.stop()
    console.log(`  ${server.output.find((line) => line.startsWith('BACKLOG')) ?? 'BACKLOG unknown'}`)
    return result
  } finally {
    await closeSharedAgents()
    await server.stop()
  }
}

async function measureRaw(seconds: number): Promise<LoadResult> {
  const server = await startServerChild(fileURLToPath(import.meta.url), ['--serve', 'bare'])
  const pool = postPool(`http://127.0.0.1:${server.port}`, IN_FLIGHT)
  const headers = { 'content-type': 'application/json;charset=UTF-8', 'xxl-job-access-token': TOKEN }
  const body = JSON.stringify(triggerFor(1, 1))
  try {
    return await runLoadOnServer(server.child.pid!, {
      warmupMs: WARMUP_MS,
      measureMs: seconds * 1000,
      concurrency: IN_FLIGHT,
      send: async () => (await postOnce(pool, '/run', headers, body)) === '{"code":200}',
    })
  } finally {
    await pool.close()
    await server.stop()
  }
}

/**
 * The core alone, for scale: the same triggers through ExecutorApi in-process (no HTTP), in a child
 * process of its own so its CPU (worker threads included) is metered the same way.
 */
async function measureCoreInProcess(core: Core, seconds: number, jobs: number): Promise<LoadResult> {
  const child = await startServerChild(fileURLToPath(import.meta.url), [
    '--serve',
    'in-process',
    '--core',
    core,
    '--seconds',
    String(seconds),
    '--jobs',
    String(jobs),
  ])
  const result = await new Promise<LoadResult>((resolve, reject) => {
    let text = ''
    child.child.stdout!.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8')
      const match = /^RESULT (.*)$/m.exec(text)
      if (match) resolve(JSON.parse(match[1]) as LoadResult)
    })
    child.child.once('exit', () => reject(new Error('the in-process measurement exited without a result')))
  })
  await child.stop()
  console.log(`  ${child.output.find((line) => line.startsWith('BACKLOG')) ?? 'BACKLOG unknown'}`)
  return result
}

async function runInProcess(core: Core, seconds: number, jobs: number): Promise<void> {
  const { executor, stop, callbackCount } = await executorFor(core)
  console.log('READY 0')
  let logId = 0
  const result = await runLoadOnServer(process.pid, {
    warmupMs: WARMUP_MS,
    measureMs: seconds * 1000,
    concurrency: IN_FLIGHT,
    send: async () => {
      // Yield to the event loop as a network-driven caller would; else the callers starve timers and worker messages.
      await new Promise((resolve) => setImmediate(resolve))
      return (await executor.run(triggerFor((logId += 1), jobs))).code === 200
    },
  })
  console.log(backlogLine(logId, callbackCount()))
  console.log(`RESULT ${JSON.stringify(result)}`)
  await stop()
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      serve: { type: 'string' },
      core: { type: 'string', default: 'real' },
      rounds: { type: 'string', default: '3' },
      seconds: { type: 'string', default: '6' },
      jobs: { type: 'string', default: '100' },
    },
  })
  const core = values.core as Core
  if (core !== 'noop' && core !== 'real' && core !== 'real-packed') throw new Error(`--core: expected noop, real or real-packed, got ${values.core}`)
  if (values.serve === 'in-process') return runInProcess(core, Number(values.seconds), Number(values.jobs))
  if (values.serve) {
    const port = values.serve === 'bare' ? await serveBareHttp() : await serveExecutor(core)
    console.log(`READY ${port}`)
    return
  }
  const rounds = Number(values.rounds)
  const seconds = Number(values.seconds)
  const jobs = Number(values.jobs)
  console.log(describeMachine())
  console.log(`B4 executor side — core: ${core}; ${IN_FLIGHT} in flight; ${jobs} job ids; ${rounds} rounds × ${seconds} s`)
  const inProcess = await measureCoreInProcess(core, seconds, jobs)
  console.log(formatLoad('core alone, in-process (no HTTP)', inProcess).replace('server', 'process'))
  console.log(`  (a core that accepts faster than it finishes builds a backlog; compare "finished")`)
  const executorRuns: LoadResult[] = []
  const rawRuns: LoadResult[] = []
  for (let round = 0; round < rounds; round += 1) {
    // Alternate the order so drifting background load hits both sides alike.
    const order = round % 2 === 0 ? (['raw', 'executor'] as const) : (['executor', 'raw'] as const)
    for (const side of order) {
      if (side === 'raw') {
        rawRuns.push(await measureRaw(seconds))
        console.log(formatLoad(`round ${round + 1} raw undici → bare http`, rawRuns.at(-1)!))
      } else {
        executorRuns.push(await measureExecutor(core, seconds, jobs))
        console.log(formatLoad(`round ${round + 1} triggers → executor`, executorRuns.at(-1)!))
      }
    }
  }
  const triggers = median(executorRuns.map((r) => r.perSecond))
  const raw = median(rawRuns.map((r) => r.perSecond))
  const ratio = median(executorRuns.map((r, i) => r.perSecond / rawRuns[i].perSecond))
  console.log(
    `median triggers accepted ${Math.round(triggers)}/s  p50 ${median(executorRuns.map((r) => r.p50Ms)).toFixed(2)} ms  p99 ${median(executorRuns.map((r) => r.p99Ms)).toFixed(2)} ms  server ${median(executorRuns.map((r) => r.serverCpuUsPerRequest ?? Number.NaN)).toFixed(1)} CPU-µs/trigger`,
  )
  console.log(
    `median raw POST          ${Math.round(raw)}/s  p50 ${median(rawRuns.map((r) => r.p50Ms)).toFixed(2)} ms  p99 ${median(rawRuns.map((r) => r.p99Ms)).toFixed(2)} ms  server ${median(rawRuns.map((r) => r.serverCpuUsPerRequest ?? Number.NaN)).toFixed(1)} CPU-µs/request`,
  )
  const report = new BenchResult(
    `b4-executor-${core}`,
    `B4 executor side (${core} core): no-op triggers accepted over HTTP, ${IN_FLIGHT} in flight, beside raw undici → bare node:http`,
    { core, rounds, seconds, jobs },
  )
  const rawRef = { name: 'raw POST/s', value: raw }
  report.figure({ name: `B4 executor (${core}) triggers accepted/s`, value: triggers, unit: '/s', target: { op: '>=', value: 10_000 }, reference: rawRef })
  // The median of same-round ratios (drift-resistant), given as value ÷ reference 1.
  report.figure({ name: `B4 executor (${core}) ÷ raw, same-round median`, value: ratio, unit: '×', target: { op: '>=', value: TARGET_RATIO } })
  report.figure({
    name: `B4 executor (${core}) round trip p99`,
    value: median(executorRuns.map((r) => r.p99Ms)),
    unit: 'ms',
    reference: { name: 'raw p99', value: median(rawRuns.map((r) => r.p99Ms)) },
  })
  report.figure({
    name: `B4 executor (${core}) server CPU per trigger`,
    value: median(executorRuns.map((r) => r.serverCpuUsPerRequest ?? Number.NaN)),
    unit: 'µs',
    reference: { name: 'bare server µs/request', value: median(rawRuns.map((r) => r.serverCpuUsPerRequest ?? Number.NaN)) },
  })
  report.save()
  console.log(describeMachine())
}

await main()
