/** Load generation and server-child helpers shared by the wire benchmarks (bench/b4-executor-http.ts, bench/http-server-compare.ts). */
import { spawn, type ChildProcess } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { availableParallelism, loadavg } from 'node:os'
import { createInterface } from 'node:readline'
import { Pool } from 'undici'
import type { ExecutorApi, TriggerParam } from '../../src/main/executor/executor-api'

/** Closed-loop HTTP load: `concurrency` callers each send the next request as soon as the last one answers. */
export interface LoadResult {
  /** Server CPU time per measured request (µs), from /proc/<pid>/stat; NaN when not measured. */
  serverCpuUsPerRequest?: number
  requests: number
  seconds: number
  perSecond: number
  p50Ms: number
  p99Ms: number
  failures: number
}

export interface LoadOptions {
  warmupMs: number
  measureMs: number
  concurrency: number
  /** One request; resolves true when the answer counts as a success. */
  send: () => Promise<boolean>
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const latencies: number[] = []
  let failures = 0
  let measuring = false
  let stopAt = Number.POSITIVE_INFINITY
  const startedAt = performance.now()
  const warmupEnd = startedAt + options.warmupMs
  stopAt = warmupEnd + options.measureMs

  async function caller(): Promise<void> {
    for (;;) {
      const t0 = performance.now()
      if (t0 >= stopAt) return
      const ok = await options.send().catch(() => false)
      const t1 = performance.now()
      if (!measuring && t1 >= warmupEnd) measuring = true
      if (measuring && t0 >= warmupEnd && t1 <= stopAt) {
        latencies.push(t1 - t0)
        if (!ok) failures += 1
      }
    }
  }
  await Promise.all(Array.from({ length: options.concurrency }, caller))
  latencies.sort((a, b) => a - b)
  const seconds = options.measureMs / 1000
  return {
    requests: latencies.length,
    seconds,
    perSecond: latencies.length / seconds,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    failures,
  }
}

function percentile(sorted: number[], q: number): number {
  if (sorted.length === 0) return Number.NaN
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]
}

/** A keep-alive undici Pool for POSTs of a fixed body to one origin. */
export function postPool(origin: string, connections: number): Pool {
  return new Pool(origin, { connections, pipelining: 1 })
}

export async function postOnce(pool: Pool, path: string, headers: Record<string, string>, body: string): Promise<string> {
  const response = await pool.request({ method: 'POST', path, headers, body })
  return response.body.text()
}

/**
 * Starts this benchmark file again as a server child (`--serve <kind>`), waiting for its
 * `READY <port>` line. Servers run in their own process, as in the reference measurements.
 */
export async function startServerChild(
  script: string,
  args: string[],
): Promise<{ port: number; child: ChildProcess; output: readonly string[]; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], { stdio: ['ignore', 'pipe', 'inherit'] })
  const lines = createInterface({ input: child.stdout! })
  const output: string[] = []
  const port = await new Promise<number>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`server child exited with ${code} before it was ready`)))
    lines.on('line', (line) => {
      output.push(line)
      const match = /^READY (\d+)$/.exec(line)
      if (match) resolve(Number(match[1]))
    })
  })
  return {
    port,
    child,
    output,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve()
        // Wait for stdout to end as well, so the child's last lines are in `output`.
        let pending = 2
        const done = (): void => void (--pending === 0 && resolve())
        child.once('exit', done)
        lines.once('close', done)
        child.kill('SIGTERM')
      }),
  }
}

export function formatLoad(label: string, result: LoadResult): string {
  const cpu =
    typeof result.serverCpuUsPerRequest !== 'number' || Number.isNaN(result.serverCpuUsPerRequest)
      ? ''
      : `   server ${result.serverCpuUsPerRequest.toFixed(1)} CPU-µs/req`
  // A result that crossed a process boundary as JSON has null where it had NaN (no request finished in the window).
  const ms = (x: number | null) => (typeof x === 'number' && Number.isFinite(x) ? x.toFixed(2) : '–')
  return `${label.padEnd(34)} ${Math.round(result.perSecond).toString().padStart(7)} req/s   p50 ${ms(result.p50Ms)} ms   p99 ${ms(result.p99Ms)} ms${cpu}${result.failures ? `   failures ${result.failures}` : ''}`
}

/** CPU time (user + system) a process has used so far, in µs, from /proc/<pid>/stat (Linux). */
export function processCpuUs(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // Fields 14 and 15 of stat (utime, stime) in clock ticks; 100 ticks per second on Linux.
    return (Number(fields[11]) + Number(fields[12])) * 10_000
  } catch {
    return Number.NaN
  }
}

/** Runs a load while metering a server process's CPU. */
export async function runLoadOnServer(pid: number, options: LoadOptions): Promise<LoadResult> {
  let cpuAtWarmupEnd = Number.NaN
  const timer = setTimeout(() => (cpuAtWarmupEnd = processCpuUs(pid)), options.warmupMs)
  const result = await runLoad(options)
  clearTimeout(timer)
  return { ...result, serverCpuUsPerRequest: (processCpuUs(pid) - cpuAtWarmupEnd) / result.requests }
}

export function describeMachine(): string {
  return `load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' ')} on ${availableParallelism()} cores`
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor(sorted.length / 2)]
}

/** The reference server: bare node:http that reads the body and answers `{"code":200}`, nothing else. */
export async function serveBareHttp(): Promise<number> {
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': 12 })
      res.end('{"code":200}')
    })
  })
  server.keepAliveTimeout = 90_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  process.once('SIGTERM', () => server.close(() => process.exit(0)))
  return (server.address() as AddressInfo).port
}

/** An executor that accepts everything and runs nothing: isolates the wire's own cost. */
export const NOOP_EXECUTOR: ExecutorApi = {
  beat: async () => ({ code: 200 }),
  idleBeat: async () => ({ code: 200 }),
  run: async () => ({ code: 200 }),
  kill: async () => ({ code: 200 }),
  log: async (request) => ({ code: 200, data: { fromLineNum: request.fromLineNum, toLineNum: 0, logContent: '', isEnd: false } }),
}

/** A BEAN trigger of about 300 bytes, as a 3.x admin sends it (the fields in its order). */
export function benchTrigger(logId: number, jobId: number, executorHandler: string, executorParams: string): TriggerParam {
  return {
    jobId,
    executorHandler,
    executorParams,
    executorBlockStrategy: 'SERIAL_EXECUTION',
    executorTimeout: 0,
    logId,
    logDateTime: 1_796_014_204_713,
    glueType: 'BEAN',
    glueSource: null,
    glueUpdatetime: 1_796_014_204_713,
    broadcastIndex: 0,
    broadcastTotal: 1,
  }
}
