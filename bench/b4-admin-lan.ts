// B4 (lan-trigger-rps) of docs/benchmarks.md#b4-lan-triggers, admin side: JobDesk triggering no-op runs on two LAN
// executors over loopback — 5000 jobs due at the same second, fired by the scan and the ring, run
// rows written, ROUND routing, XXL `/run` over HTTP with the token, outcomes recorded — from the due
// second until the last outcome is written. Beside it, measured in the same run, the raw
// reference: an undici Pool (32 connections) posting the same body to a bare node:http server.
// Usage: npx tsx bench/b4-admin-lan.ts [bursts] [files|packed|stub]
//   files / packed: two JobDesk agents that really run each trigger (their run-log layout);
//   stub: two executor servers that accept each trigger and run nothing (the original B4 setup, docs/benchmarks.md#b4-lan-triggers),
//   which measures the admin's own trigger path.
import { loopbackAgentArgs } from '../test/support/agent-args'
import { sqliteDb } from '../test/support/sqlite-db'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { assembleCore } from '../src/main/app/core'
import { silentLogger } from '../src/main/kernel/logger'
import { listen } from '../src/main/net/http-server'
import { storedJobOf } from '../src/main/store/job-repo'
import type { Store } from '../src/main/store/store'
import { defaultJobInput } from '../src/shared/job-defaults'
import { postOnce, postPool, runLoadOnServer, startServerChild } from './support/wire-load'
import { startAgentProcess, stopProcess } from './support/processes'
import { percentile, sleep } from './support/stats'
import { BenchResult } from './support/results'
import { QUICK } from './support/cli'

const here = dirname(fileURLToPath(import.meta.url))
const TOKEN = 'b4-admin-token-0123456789'
/** B4 (docs/benchmarks.md#b4-lan-triggers): 5000 jobs due at one second (quick: 500, to notice breakage only). */
const BURST = QUICK ? 500 : 5000
const bursts = Number(process.argv[2] ?? 4)
const mode = (['packed', 'stub'] as const).find((m) => m === process.argv[3]) ?? 'files'
const STUB_TOKEN = 'b4-token'

/**
 * Resolves once the burst's BURST runs from `firstLogId` on all have an outcome. The core runs in this
 * process, so the polling takes from its thread: each look starts at the first run still without an
 * outcome, where counting every run of the burst each time took a twentieth of the burst's CPU.
 */
async function untilOutcomes(store: Store, firstLogId: number): Promise<void> {
  const db = sqliteDb(store)
  const firstWaiting = db.prepare('SELECT id FROM job_log WHERE id >= ? AND trigger_code = 0 ORDER BY id LIMIT 1')
  const lastRun = db.prepare('SELECT MAX(id) AS id FROM job_log')
  let from = firstLogId
  const deadline = Date.now() + BURST_DEADLINE_MS
  while (Date.now() < deadline) {
    const waiting = firstWaiting.get(from) as { id: number } | undefined
    if (waiting) from = waiting.id
    else {
      const last = (lastRun.get() as { id: number | null }).id ?? 0
      if (last >= firstLogId + BURST - 1) return
      from = last + 1
    }
    await sleep(5)
  }
  throw new Error(`the burst's runs still lacked outcomes after ${BURST_DEADLINE_MS / 1000} s (waiting from run ${from})`)
}

/** Far beyond a burst at a tenth of the target rate: a burst that takes longer is broken, not slow. */
const BURST_DEADLINE_MS = 60_000

async function measureJobDesk() {
  const dataDir = mkdtempSync(join(tmpdir(), 'jobdesk-b4-'))
  const core = await assembleCore({ dataDir, logger: silentLogger, seedDemo: false, embeddedExecutor: false, accessToken: TOKEN })
  const server = await listen('127.0.0.1', 0, [core.adminApi], [])
  const agents: ChildProcess[] = []
  const stubs: { stop: () => Promise<void> }[] = []
  const logDirs: string[] = []
  try {
    if (mode === 'stub') {
      const ports: number[] = []
      for (let i = 0; i < 2; i++) {
        const stub = await startServerChild(join(here, 'b4-executor-http.ts'), ['--serve', 'executor', '--core', 'noop'])
        stubs.push(stub)
        ports.push(stub.port)
      }
      await core.api.saveGroup({
        appName: 'b4-lan',
        name: 'b4 stubs',
        addressType: 1,
        addressList: ports.map((p) => `http://127.0.0.1:${p}/`).join(','),
        accessToken: STUB_TOKEN,
      })
    } else {
      for (let i = 0; i < 2; i++) {
        const logs = mkdtempSync(join(tmpdir(), 'jobdesk-b4-agent-'))
        logDirs.push(logs)
        agents.push(
          await startAgentProcess([
            ...loopbackAgentArgs({
              admin: `http://127.0.0.1:${server.port}`,
              token: TOKEN,
              appName: 'b4-lan',
              handlers: join(here, 'handlers'),
              logPath: logs,
            }),
            '--run-log-layout',
            mode,
          ]),
        )
      }
    }
    while (((await core.store.groups.findByAppName('b4-lan'))?.addressList.split(',').length ?? 0) < 2) await sleep(50)
    const group = (await core.store.groups.findByAppName('b4-lan'))!
    const jobIds: number[] = []
    await core.store.transaction(async (tx) => {
      for (let i = 0; i < BURST; i++) {
        // Fixed rate once an hour: each burst sets the next fire time of all 5000 to the same second.
        const input = defaultJobInput(group.id, 'UTC', {
          name: `b4 ${i}`,
          scheduleType: 'FIX_RATE',
          scheduleConf: '3600',
          executorRouteStrategy: 'ROUND',
          executorHandler: 'noopJobHandler',
        })
        jobIds.push(await tx.jobs.insert({ ...storedJobOf(input, 0), triggerStatus: 1, triggerNextTimeMs: Date.now() + 3_600_000 }))
      }
    })
    const rates: number[] = []
    const rtts: number[] = []
    const waits: number[] = []
    let failures = 0
    for (let burst = 0; burst <= bursts; burst++) {
      const firstLogId = ((sqliteDb(core.store).prepare('SELECT MAX(id) AS id FROM job_log').get() as { id: number | null }).id ?? 0) + 1
      // All 5000 due at the same second, fired by the scan and the ring as scheduled fires are. More
      // than the 5-s pre-read window ahead: an idle scan sleeps ~5 s, and a second only 2 s ahead
      // was often found late, so the rate measured the scan's idle pacing, not the triggers. A quick
      // run only checks that the benchmark works, and keeps the suite under its 3 minutes.
      const dueMs = (Math.floor(Date.now() / 1000) + (QUICK ? 2 : 6)) * 1000
      sqliteDb(core.store).prepare('UPDATE job_info SET trigger_next_time = ? WHERE job_group = ?').run(dueMs, group.id)
      await untilOutcomes(core.store, firstLogId)
      const seconds = (Date.now() - dueMs) / 1000
      if (burst === 0) continue // warm-up: connections, JIT
      rates.push(BURST / seconds)
      // The round trip the core measured around each /run call is in the run's trail, and apart
      // from it the wait for a free connection to the executor (none: 0).
      const runs = await core.store.runs.getMany(Array.from({ length: BURST }, (_, i) => firstLogId + i))
      for (const run of runs) {
        if (run.triggerCode !== 200) failures++
        const params = run.triggerTrail?.result.params
        if (params?.ms !== undefined) rtts.push(Number(params.ms))
        waits.push(Number(params?.waited ?? 0))
      }
    }
    return {
      perSecond: percentile(rates, 50),
      p50: percentile(rtts, 50),
      p99: percentile(rtts, 99),
      waitP50: percentile(waits, 50),
      waitP99: percentile(waits, 99),
      failures,
    }
  } finally {
    await Promise.all(agents.map(stopProcess))
    await Promise.all(stubs.map((stub) => stub.stop()))
    await server.close()
    await core.stop()
    rmSync(dataDir, { recursive: true, force: true })
    logDirs.forEach((d) => rmSync(d, { recursive: true, force: true }))
  }
}

async function measureRaw() {
  const child = await startServerChild(join(here, 'baselines', 'bare-http-server.ts'), [])
  const pool = postPool(`http://127.0.0.1:${child.port}`, 32)
  const body = JSON.stringify({
    jobId: 1,
    executorHandler: 'noopJobHandler',
    executorParams: '',
    executorBlockStrategy: 'SERIAL_EXECUTION',
    executorTimeout: 0,
    logId: 1,
    logDateTime: 0,
    glueType: 'BEAN',
    glueSource: null,
    glueUpdatetime: 0,
    broadcastIndex: 0,
    broadcastTotal: 1,
  })
  try {
    return await runLoadOnServer(child.child.pid!, {
      warmupMs: QUICK ? 300 : 1000,
      measureMs: QUICK ? 1000 : 5000,
      concurrency: 32,
      send: async () => (await postOnce(pool, '/run', { 'content-type': 'application/json' }, body)).includes('200'),
    })
  } finally {
    await pool.close()
    await child.stop()
  }
}

const raw = await measureRaw()
const ours = await measureJobDesk()
const target = mode === 'stub' ? 'stub executors (accept, run nothing)' : `LAN agents (run logs: ${mode})`
const report = new BenchResult(`b4-admin-${mode}`, `B4 admin → 2 ${target} on loopback, bursts of ${BURST} no-op triggers, ROUND`, { bursts, mode })
report.figure({
  name: `B4 admin → ${mode} triggers/s`,
  value: ours.perSecond,
  unit: '/s',
  target: { op: '>=', value: 10_000 },
  reference: { name: 'raw undici POST/s', value: raw.perSecond },
})
report.figure({
  name: `B4 admin → ${mode} triggers/s ÷ raw`,
  value: ours.perSecond,
  unit: '/s',
  target: { op: '>=', value: 0.33, on: 'ratio' },
  reference: { name: 'raw undici POST/s', value: raw.perSecond },
})
report.figure({ name: `B4 admin → ${mode} round trip p50`, value: ours.p50, unit: 'ms', reference: { name: 'raw p50', value: raw.p50Ms } })
report.figure({
  name: `B4 admin → ${mode} round trip p99`,
  value: ours.p99,
  unit: 'ms',
  target: { op: '<=', value: 10 },
  reference: { name: 'raw p99', value: raw.p99Ms },
})
report.figure({ name: `B4 admin → ${mode} wait for a connection p50`, value: ours.waitP50, unit: 'ms' })
report.figure({ name: `B4 admin → ${mode} wait for a connection p99`, value: ours.waitP99, unit: 'ms' })
report.figure({ name: `B4 admin → ${mode} failed triggers`, value: ours.failures, unit: '', target: { op: '<=', value: 0 } })
report.save()
process.exit(0)
