/**
 * Runs one B10 peer at N jobs: starts its server (if any) and its process, waits for READY, meters
 * every process involved (the peer, Redis, the PostgreSQL postmaster and backends, the JVM) from /proc
 * over the window the peer announced, then reads its RESULT line. Never fakes: a peer whose software
 * is missing or that fails to start comes back as `skipped` with the reason.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { startChild, type Child } from '../support/child'
import { meterProcesses, type MeterReading } from '../support/proc-meter'
import { sleepUntil } from '../support/stats'
import type { PeerResult } from './peer-protocol'
import { startPostgres, startRedis, which, type PeerServer, type Started } from './peer-servers'

const here = dirname(fileURLToPath(import.meta.url))

export interface PeerRun {
  result: PeerResult
  reading: MeterReading
  /** What the peer (and its server) wrote on stderr: errors to read beside its figures. */
  stderr: string[]
}

export type PeerOutcome = { run: PeerRun } | { skipped: string }

interface Launched {
  child: Child
  server: PeerServer | null
  cleanup?: () => void
}

export interface Peer {
  name: string
  /** Per-run preparation shared by all sizes (compiling the Java harness); a string is the reason to skip. */
  prepare(): Promise<string | null>
  launch(jobs: number, warmupSec: number, windowSec: number): Promise<Launched | string>
  dispose(): void
}

/** A Node peer process (bullmq-peer.ts, pgboss-peer.ts) against a throwaway server of its own per run. */
function serverPeer(name: string, startServer: () => Promise<Started>, script: string): Peer {
  return {
    name,
    prepare: async () => null,
    async launch(jobs, warmupSec, windowSec) {
      const started = await startServer()
      if ('missing' in started) return started.missing
      const args = [
        '--import',
        'tsx',
        join(here, script),
        '--port',
        String(started.server.port),
        '--jobs',
        String(jobs),
        '--warmup',
        String(warmupSec),
        '--window',
        String(windowSec),
      ]
      return { child: startChild(process.execPath, args, {}, script), server: started.server }
    },
    dispose() {},
  }
}

const QUARTZ_JARS = ['quartz2.jar', 'h2.jar', 'HikariCP.jar', 'slf4j-api.jar', 'slf4j-nop.jar'].map((jar) => join('/usr/share/java', jar))
/** Quartz's own tuning for many short jobs (docs/benchmarks.md#peers: p99 3.8 s with defaults, 318 ms with these at 1k). */
const QUARTZ_THREADS = 50
const QUARTZ_BATCH = 50

function quartzPeer(): Peer {
  let classes: string | null = null
  return {
    name: 'Quartz 2.3 JDBC/H2',
    async prepare() {
      if (!which('javac') || !which('java')) return 'javac/java are not installed (apt-get install -y default-jdk-headless)'
      const missing = QUARTZ_JARS.filter((jar) => !existsSync(jar))
      if (missing.length > 0) return `${missing.join(', ')} missing (apt-get install -y libquartz2-java libh2-java)`
      classes = mkdtempSync(join(tmpdir(), 'jobdesk-b10-quartz-classes-'))
      try {
        execFileSync('javac', ['-d', classes, '-cp', QUARTZ_JARS.join(':'), join(here, 'quartz', 'QuartzBench.java')], { stdio: 'pipe' })
      } catch (error) {
        return `javac failed: ${
          String((error as { stderr?: Buffer }).stderr ?? error)
            .trim()
            .split('\n')[0]
        }`
      }
      return null
    },
    async launch(jobs, warmupSec, windowSec) {
      const db = mkdtempSync(join(tmpdir(), 'jobdesk-b10-h2-'))
      const args = [
        '-cp',
        [classes!, ...QUARTZ_JARS].join(':'),
        'QuartzBench',
        String(jobs),
        String(warmupSec),
        String(windowSec),
        String(QUARTZ_THREADS),
        String(QUARTZ_BATCH),
        db,
      ]
      return { child: startChild('java', args, {}, 'QuartzBench'), server: null, cleanup: () => rmSync(db, { recursive: true, force: true }) }
    },
    dispose() {
      if (classes) rmSync(classes, { recursive: true, force: true })
    },
  }
}

export function allPeers(): Peer[] {
  return [serverPeer('BullMQ + Redis', startRedis, 'bullmq-peer.ts'), serverPeer('pg-boss + PostgreSQL', startPostgres, 'pgboss-peer.ts'), quartzPeer()]
}

/** One peer at one size; the setup (schedulers, triggers) may take long at 10k, the window is the peer's. */
export async function runPeer(peer: Peer, jobs: number, warmupSec: number, windowSec: number): Promise<PeerOutcome> {
  const launched = await peer.launch(jobs, warmupSec, windowSec)
  if (typeof launched === 'string') return { skipped: launched }
  const { child, server } = launched
  try {
    const meter = meterProcesses(() => [child.pid, ...(server ? [server.pid] : [])])
    await child.waitFor(/^READY$/, 180_000)
    meter.sampleMemory()
    const window = await child.waitFor(/^WINDOW (\d+) (\d+)$/, 10_000)
    await sleepUntil(Number(window[1]))
    meter.startCpu()
    await sleepUntil(Number(window[2]))
    const reading = meter.stop()
    const line = await child.waitFor(/^RESULT (\{.*\})$/, 30_000)
    const stderr = child.lines.filter((l) => l.stream === 'stderr').map((l) => l.text)
    return { run: { result: JSON.parse(line[1]) as PeerResult, reading, stderr } }
  } catch (error) {
    return { skipped: `failed: ${(error as Error).message.split('\n').slice(0, 6).join(' | ')}` }
  } finally {
    await child.stop('SIGTERM', 10_000)
    await server?.stop()
    launched.cleanup?.()
  }
}
