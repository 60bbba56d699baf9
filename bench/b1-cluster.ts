// B1 of issue 12: the B1 workload (N every-second cron jobs, the bench no-op handler on the embedded
// executors) on one PostgreSQL database with 1 and 2 JobDesk nodes, beside SQLite in the same run; or
// with --engine mysql on one MariaDB database. The server is a throwaway one started for the run
// (Debian's binaries; synchronous_commit=off, innodb_flush_log_at_trx_commit=2 as the counterparts of
// SQLite's WAL + synchronous=NORMAL). Figures from job_log; CPU of the JobDesk processes and, apart,
// of the database server, from /proc.
// Targets: on PostgreSQL as on SQLite, ≥ 0.999·N completed per second, 0 misfires, 0 duplicates;
// the SQLite path is b1-b2-headless.ts's (issue 12: it may lose at most 10 % against its figures).
// Usage: npx tsx bench/b1-cluster.ts [--quick] [--jobs 10000] [--warmup 5] [--window 20] [--nodes 1,2]
//        [--engine postgres|mysql] [--no-sqlite] (the server engine only) [--beside DIR] (an earlier build, DIR/out/main/serve.js, measured on
//        the same server next to this one at each node count, first unless told) [--rounds R] (with --beside: R rounds, the
//        order of the two builds flipping each round; the CPU ratios are the rounds' geometric means)
//        [--statements] (PostgreSQL: the server's statements in the window, per fire: pg_stat_statements, preloaded)
//        [--cpu-prof DIR] (each node of this build writes a V8 CPU profile into DIR when it stops)
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { EMBEDDED_APP_NAME } from '../src/shared/model'
import { type BenchDbServer, postgresQuery, startBenchMysql, startBenchPostgres } from './support/bench-db-server'
import { flag, number, numbers, option, QUICK } from './support/cli'
import { type Headless, startHeadless } from './support/jobdesk'
import { measureCronLoad, summarizeWindow, windowQueries, windowRowsOf, type CronLoadResult } from './support/jobdesk-cron-load'
import { meterProcesses, type MeterReading } from './support/proc-meter'
import { BenchResult } from './support/results'
import { geometricMean, sleepUntil } from './support/stats'

const [jobs] = numbers('jobs', [10_000], [500])
const warmupSec = number('warmup', 5, 2)
const windowSec = number('window', 20, 3)
const NODE_COUNTS = numbers('nodes', [1, 2], [1, 2])
const beside = option('beside')
/** With --beside: rounds of both builds, the order flipping each round (measuredInTurns). */
const besideRounds = number('rounds', 1, 1)
const engine = option('engine') ?? 'postgres'
if (engine !== 'postgres' && engine !== 'mysql') throw new Error(`--engine takes postgres or mysql, not ${engine}`)
const statements = flag('statements')
if (statements && engine !== 'postgres') throw new Error('--statements reads pg_stat_statements: PostgreSQL only')
const cpuProfDir = option('cpu-prof')
/** What a node logs when its lease came late or was lost: a late renewal, a scan the fence held, a take-over. */
const LEASE_TROUBLE = /late renewal|schedule scan held by the lease|taken over: the cluster took this node for dead/
/** Job rows per INSERT while planting: 7,000 parameters, within both engines' limits. */
const JOBS_PER_INSERT = 1000

const engineLabel = engine === 'postgres' ? 'PostgreSQL' : 'MySQL'
const report = new BenchResult('b1-cluster', `B1 on ${engineLabel}: N every-second cron jobs on 1 and 2 JobDesk nodes, beside SQLite`, {
  engine,
  jobs,
  warmupSec,
  windowSec,
})
const n = jobs.toLocaleString('en-US')

const sqlite = flag('no-sqlite') ? null : await measureCronLoad({ jobs, warmupSec, windowSec })
if (sqlite) {
  report.section(
    `SQLite, one node: ${sqlite.fires}/${sqlite.expected} fired, ${sqlite.completed} completed, ${sqlite.misfires} misfires, ${sqlite.duplicates} duplicates, ${sqlite.unfinished} unfinished`,
  )
  report.figure({ name: `B1 SQLite N=${n} completed/s ÷ N`, value: sqlite.completedPerSecondMedian / jobs, unit: '', target: { op: '>=', value: 0.999 } })
  report.figure({ name: `B1 SQLite N=${n} CPU per fire`, value: sqlite.cpuUsPerFire, unit: 'µs' })
}

const started =
  engine === 'mysql'
    ? await startBenchMysql()
    : await startBenchPostgres(statements ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track=all'] : [])
if ('missing' in started) {
  report.note(`${engineLabel} could not start: ${started.missing}`)
  report.save()
  process.exit(1)
}
const server: BenchDbServer = started
const adminUrl = server.urlOf('postgres')
if (statements) await server.query(adminUrl, 'CREATE EXTENSION pg_stat_statements')
try {
  for (const nodes of NODE_COUNTS) {
    const { earlier, result } = await measuredInTurns(nodes)
    if (earlier) {
      const { ours } = earlier
      report.section(
        `Beside (${beside}), ${nodes} node${nodes > 1 ? 's' : ''}: ${ours.fires}/${ours.expected} fired, ${ours.completed} completed, ${ours.misfires} misfires, ${ours.duplicates} duplicates, ${earlier.leaseTrouble} lease late or lost; JobDesk ${ours.cpuUsPerFire.toFixed(1)} µs/fire, ${server.label} ${earlier.serverCpuUsPerFire.toFixed(1)} µs/fire`,
      )
    }
    const label = `${server.label}, ${nodes} node${nodes > 1 ? 's' : ''}`
    report.section(
      `${label}: ${result.ours.fires}/${result.ours.expected} fired, ${result.ours.completed} completed, ${result.ours.misfires} misfires, ${result.ours.duplicates} duplicates, ${result.ours.failed} failed, ${result.ours.unfinished} unfinished`,
    )
    if (result.ours.failureReasons.length > 0) report.note(`${label}, failed runs: ${result.ours.failureReasons.join(' | ')}`)
    const sqliteRef = (name: string, value: number) => (sqlite ? { name: `SQLite ${name}`, value } : undefined)
    const besideRef = (value: number) => (earlier ? { name: 'beside', value } : undefined)
    report.figure({
      name: `B1 ${server.short} ${nodes}n N=${n} completed/s ÷ N`,
      value: result.ours.completedPerSecondMedian / jobs,
      unit: '',
      target: { op: '>=', value: 0.999 },
      reference: sqliteRef('÷ N', (sqlite?.completedPerSecondMedian ?? 0) / jobs),
    })
    report.figure({ name: `B1 ${server.short} ${nodes}n N=${n} misfires`, value: result.ours.misfires, unit: '', target: { op: '<=', value: 0 } })
    report.figure({ name: `B1 ${server.short} ${nodes}n N=${n} duplicates`, value: result.ours.duplicates, unit: '', target: { op: '<=', value: 0 } })
    report.figure({ name: `B1 ${server.short} ${nodes}n N=${n} lease late or lost`, value: result.leaseTrouble, unit: '', target: { op: '<=', value: 0 } })
    report.figure({
      name: `B1 ${server.short} ${nodes}n N=${n} JobDesk CPU per fire`,
      value: result.ours.cpuUsPerFire,
      unit: 'µs',
      reference: besideRef(earlier?.ours.cpuUsPerFire ?? 0) ?? sqliteRef('µs/fire', sqlite?.cpuUsPerFire ?? 0),
    })
    report.figure({
      name: `B1 ${server.short} ${nodes}n N=${n} ${server.label} CPU per fire`,
      value: result.serverCpuUsPerFire,
      unit: 'µs',
      reference: besideRef(earlier?.serverCpuUsPerFire ?? 0),
    })
    report.note(
      `${label}: ${result.transactionsPerFire.toFixed(3)} transactions per fire${earlier ? ` (beside ${earlier.transactionsPerFire.toFixed(3)})` : ''}`,
    )
    if (earlier?.statements) report.note(`Beside, ${label}, statements in the window:\n${earlier.statements}`)
    if (result.statements) report.note(`${label}, statements in the window:\n${result.statements}`)
    report.figure({
      name: `B1 ${server.short} ${nodes}n N=${n} trigger p99`,
      value: result.ours.triggerLag.p99,
      unit: 'ms',
      reference: sqliteRef('p99', sqlite?.triggerLag.p99 ?? 0),
    })
    report.figure({
      name: `B1 ${server.short} ${nodes}n N=${n} completed p99`,
      value: result.ours.completedLag.p99,
      unit: 'ms',
      reference: sqliteRef('p99', sqlite?.completedLag.p99 ?? 0),
    })
    if (nodes > 1) report.note(`${label}: runs per embedded executor (routing FIRST picks among every node's) ${result.perNode.join(' / ')}`)
  }
} finally {
  await server.stop()
}
report.note(`JobDesk CPU per fire counts the JobDesk processes only (all nodes); the ${server.label} server's is its own figure`)
report.save()
process.exit(0)

interface ServerMeasure {
  ours: CronLoadResult
  /** Lines of the nodes' logs telling of a lease late or lost, over the whole run. */
  leaseTrouble: number
  serverCpuUsPerFire: number
  perNode: number[]
  /** Commits and rollbacks of the database in the window, per fire. */
  transactionsPerFire: number
  /** With --statements: the window's statements by server time, per fire; else null. */
  statements: string | null
}

/**
 * This build at `nodes` nodes, and with --beside the earlier one too, one after the other on the same
 * server. The build measured second paid 15–20 % more CPU per fire in runs of 2026-12-07, whichever
 * build it was; so with --rounds R the order flips each round, and the CPU ratios are the geometric
 * means of the rounds' (an even R cancels the order's bias). The other figures are the last round's.
 */
async function measuredInTurns(nodes: number): Promise<{ earlier: ServerMeasure | null; result: ServerMeasure }> {
  if (!beside) return { earlier: null, result: await measureOn(`jobdesk_b1_${nodes}`, nodes) }
  const entry = join(beside, 'out', 'main', 'serve.js')
  const ratios = { jobDesk: [] as number[], server: [] as number[] }
  const pairs: string[] = []
  let last: { earlier: ServerMeasure; result: ServerMeasure } | null = null
  for (let round = 0; round < besideRounds; round++) {
    const besideFirst = round % 2 === 0
    const measureBeside = () => measureOn(`jobdesk_b1_${nodes}_beside_${round}`, nodes, entry)
    const measureOurs = () => measureOn(`jobdesk_b1_${nodes}_${round}`, nodes)
    const earlier = besideFirst ? await measureBeside() : null
    const result = await measureOurs()
    last = { earlier: earlier ?? (await measureBeside()), result }
    ratios.jobDesk.push(last.result.ours.cpuUsPerFire / last.earlier.ours.cpuUsPerFire)
    ratios.server.push(last.result.serverCpuUsPerFire / last.earlier.serverCpuUsPerFire)
    pairs.push(
      `round ${round + 1} (${besideFirst ? 'beside first' : 'this build first'}): JobDesk ${last.result.ours.cpuUsPerFire.toFixed(1)} / ${last.earlier.ours.cpuUsPerFire.toFixed(1)} µs, ${server.label} ${last.result.serverCpuUsPerFire.toFixed(1)} / ${last.earlier.serverCpuUsPerFire.toFixed(1)} µs`,
    )
  }
  if (besideRounds > 1) {
    const label = `B1 ${server.short} ${nodes}n N=${n}`
    report.note(`${label}, this build / beside, order flipping each round: ${pairs.join('; ')}`)
    report.figure({
      name: `${label} JobDesk CPU per fire ÷ beside (geometric mean of ${besideRounds} rounds)`,
      value: geometricMean(ratios.jobDesk),
      unit: '×',
    })
    report.figure({
      name: `${label} ${server.label} CPU per fire ÷ beside (geometric mean of ${besideRounds} rounds)`,
      value: geometricMean(ratios.server),
      unit: '×',
    })
  }
  return last!
}

/** A fresh database of this name on the run's server, measured with `nodes` nodes of the build at `entry` (default this checkout's). */
async function measureOn(database: string, nodes: number, entry?: string): Promise<ServerMeasure> {
  await server.createDatabase(database)
  const url = server.urlOf(database)
  const query = server.query
  const firstFireMs = await plant(url, entry)
  const dirs = Array.from({ length: nodes }, () => mkdtempSync(join(tmpdir(), 'jobdesk-bench-db-')))
  const servers: Headless[] = []
  const transactions = () => server.transactions(url)
  try {
    for (const [i, dataDir] of dirs.entries())
      servers.push(
        await startHeadless({
          dataDir,
          entry,
          args: ['--database', url, '--node-name', `b1-${i}`],
          nodeArgs: cpuProfDir && !entry ? ['--cpu-prof', '--cpu-prof-dir', cpuProfDir] : [],
        }),
      )
    const ours = meterProcesses(() => servers.map((s) => s.pid))
    const theirs = meterProcesses(() => [server.pid])
    ours.sampleMemory()
    const startMs = Math.max(firstFireMs, Math.ceil(Date.now() / 1000) * 1000) + warmupSec * 1000
    const endMs = startMs + windowSec * 1000
    await sleepUntil(startMs - 300)
    // The counters are read and reset just before the window; their own few statements are noise.
    if (statements) await server.query(adminUrl, 'SELECT pg_stat_statements_reset()')
    const transactionsBefore = await transactions()
    await sleepUntil(startMs)
    ours.startCpu()
    theirs.startCpu()
    await sleepUntil(endMs)
    const reading: MeterReading = ours.stop()
    const serverReading = theirs.stop()
    const transactionsInWindow = (await transactions()) - transactionsBefore
    const statementRows = statements ? await windowStatements(database) : []
    await waitForWindowRuns(url, startMs, endMs, 10_000)
    const window = windowRowsOf(await Promise.all(windowQueries(startMs, endMs).map(([sql, params]) => query(url, sql, params))))
    const result = summarizeWindow({ jobs, windowSec }, window, startMs, reading)
    const perNode = (
      await query(
        url,
        'SELECT executor_address AS a, COUNT(*) AS n FROM job_log WHERE trigger_time >= ? AND trigger_time < ? GROUP BY executor_address ORDER BY executor_address',
        [startMs, endMs],
      )
    ).map((r) => Number(r.n))
    const fires = Math.max(1, window.triggeredInWindow)
    const listed = statementRows.map(
      (r) =>
        `  ${(Number(r.calls) / fires).toFixed(3)} calls/fire, ${((Number(r.ms) * 1000) / fires).toFixed(1)} µs/fire, ${(Number(r.rows) / Math.max(1, Number(r.calls))).toFixed(1)} rows/call: ${String(r.query).replace(/\s+/g, ' ').slice(0, 220)}`,
    )
    const leaseTrouble = servers.reduce((sum, node) => sum + node.lines.filter((line) => LEASE_TROUBLE.test(line.text)).length, 0)
    return {
      ours: { ...result, serverStderr: [] },
      leaseTrouble,
      serverCpuUsPerFire: serverReading.cpuUs / fires,
      perNode,
      transactionsPerFire: transactionsInWindow / fires,
      statements: statements ? listed.join('\n') : null,
    }
  } finally {
    await Promise.allSettled(servers.map((s) => s.stop()))
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * The schema and the embedded group, made by the build measured (a build refuses a schema newer than
 * its own): it starts once on the empty database and stops. Then N running every-second jobs, the
 * same rows for every build (XXL-JOB's columns, the defaults of a new job); resolves with their
 * first fire time.
 */
async function plant(url: string, entry?: string): Promise<number> {
  const dataDir = mkdtempSync(join(tmpdir(), 'jobdesk-bench-db-plant-'))
  try {
    const once = await startHeadless({ dataDir, entry, args: ['--database', url, '--node-name', 'b1-plant'], timeoutMs: 120_000 })
    await once.stop()
  } finally {
    rmSync(dataDir, { recursive: true, force: true })
  }
  const nowMs = Date.now()
  const [group] = await server.query(url, 'SELECT id FROM job_group WHERE app_name = ?', [EMBEDDED_APP_NAME])
  // Room to plant N jobs and start the nodes before the first fire (15 s for 10k on 2 nodes).
  const firstFireMs = (Math.ceil(Date.now() / 1000) + (QUICK ? 4 : 15)) * 1000
  for (let from = 0; from < jobs; from += JOBS_PER_INSERT) {
    const count = Math.min(JOBS_PER_INSERT, jobs - from)
    const params: (number | string)[] = []
    // The cron text is a parameter too: its `?` inside a literal would be taken for a placeholder by mysql2.
    for (let i = from; i < from + count; i++) params.push(Number(group.id), `bench ${i}`, '* * * * * ?', nowMs, firstFireMs, nowMs, nowMs)
    await server.query(
      url,
      `INSERT INTO job_info (job_group, name, author, schedule_type, schedule_conf, timezone, misfire_strategy, executor_route_strategy,
         executor_handler, executor_param, executor_block_strategy, glue_type, glue_updatetime, trigger_status, trigger_next_time, add_time, update_time)
       VALUES ${Array.from({ length: count }, () => "(?, ?, '', 'CRON', ?, 'UTC', 'DO_NOTHING', 'FIRST', 'noopJobHandler', '', 'SERIAL_EXECUTION', 'BEAN', ?, 1, ?, ?, ?)").join(', ')}`,
      params,
    )
  }
  return firstFireMs
}

/** The database's statements since the reset, by server time (execution and planning), most first. */
function windowStatements(database: string): Promise<Record<string, unknown>[]> {
  return postgresQuery(
    adminUrl,
    `SELECT calls, rows, total_exec_time + total_plan_time AS ms, query FROM pg_stat_statements
      WHERE dbid = (SELECT oid FROM pg_database WHERE datname = '${database}') ORDER BY total_exec_time + total_plan_time DESC LIMIT 25`,
  )
}

async function waitForWindowRuns(url: string, startMs: number, endMs: number, maxWaitMs: number): Promise<void> {
  const deadline = Date.now() + maxWaitMs
  const open = () =>
    server.query(
      url,
      'SELECT COUNT(*) AS n FROM job_log WHERE trigger_time >= ? AND schedule_time >= ? AND schedule_time < ? AND (trigger_code = 0 OR (trigger_code = 200 AND handle_code = 0))',
      [startMs - 10_000, startMs, endMs],
    )
  while (Date.now() < deadline && Number((await open())[0].n) > 0) await new Promise((r) => setTimeout(r, 500))
}
