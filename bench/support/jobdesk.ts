/**
 * JobDesk as a black box for the benchmarks: a data folder whose SQLite file holds the product's
 * schema (its own migrations) and jobs planted with plain SQL before start, then the built headless
 * entry (`node out/main/serve.js`) or LAN agent (`node out/main/executor-agent.js`) as a child process.
 */
import Database from 'better-sqlite3'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { databaseFile } from '../../src/main/app/data-dir'
import { openDatabase } from '../../src/main/store/open-database'
import { EMBEDDED_APP_NAME } from '../../src/shared/model'
import { loopbackAgentArgs } from '../../test/support/agent-args'
import { startChild, type Child } from './child'

export const REPO = join(dirname(fileURLToPath(import.meta.url)), '..', '..')
export const SERVE_ENTRY = join(REPO, 'out', 'main', 'serve.js')
export const AGENT_ENTRY = join(REPO, 'out', 'main', 'executor-agent.js')
/** The benchmarks' BEAN handlers (`--handlers`): a no-op that returns its start time, a log ticker. */
export const BENCH_HANDLERS = join(REPO, 'bench', 'handlers')
/** Executor access token of the benchmarks' headless servers (loopback only). */
export const BENCH_ACCESS_TOKEN = 'bench-access-token-5b1e0c7a'

export function requireBuild(): void {
  if (!existsSync(SERVE_ENTRY) || !existsSync(AGENT_ENTRY)) {
    throw new Error(`${SERVE_ENTRY} is missing: build first (npx electron-vite build --logLevel warn; npm run bench builds when out/ is stale)`)
  }
}

export interface DataDir {
  dir: string
  file: string
  embeddedGroupId: number
  remove(): void
}

/** A fresh data folder with the product's schema and its embedded executor group, nothing else. */
export function prepareDataDir(prefix = 'jobdesk-bench-'): DataDir {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  const file = databaseFile(dir)
  // The product's own schema (its migrations), and the embedded group as the core would create it.
  const db = openDatabase(file)
  db.prepare(
    `INSERT INTO job_group (app_name, name, address_type, address_list, access_token, auto_created, scripts_allowed, update_time)
     VALUES (?, 'Embedded executor', 0, '', '', 0, 0, ?)`,
  ).run(EMBEDDED_APP_NAME, Date.now())
  const embeddedGroupId = (db.prepare('SELECT id FROM job_group WHERE app_name = ?').get(EMBEDDED_APP_NAME) as { id: number }).id
  db.close()
  return { dir, file, embeddedGroupId, remove: () => rmSync(dir, { recursive: true, force: true }) }
}

export interface PlantedJobs {
  count: number
  groupId: number
  scheduleType: 'CRON' | 'FIX_RATE' | 'NONE'
  scheduleConf: string
  handler: string
  /** trigger_next_time of the i-th job (0-based), epoch ms. */
  nextTimeMs: (i: number) => number
  /** 1 = running (default), 0 = stopped. */
  triggerStatus?: 0 | 1
  param?: string
}

/** Inserts job rows straight into `job_info` (XXL-JOB's columns), in one transaction; returns their ids. */
export function plantJobs(file: string, spec: PlantedJobs): { firstId: number; lastId: number } {
  const db = new Database(file)
  db.pragma('journal_mode = WAL')
  const insert = db.prepare(
    `INSERT INTO job_info (job_group, name, author, schedule_type, schedule_conf, timezone, misfire_strategy,
       executor_route_strategy, executor_handler, executor_param, executor_block_strategy, glue_type,
       glue_updatetime, trigger_status, trigger_next_time, add_time, update_time)
     VALUES (?, ?, 'bench', ?, ?, 'UTC', 'DO_NOTHING', 'FIRST', ?, ?, 'SERIAL_EXECUTION', 'BEAN', ?, ?, ?, ?, ?)`,
  )
  const nowMs = Date.now()
  let firstId = 0
  let lastId = 0
  db.transaction(() => {
    for (let i = 0; i < spec.count; i++) {
      const id = Number(
        insert.run(
          spec.groupId,
          `bench ${i}`,
          spec.scheduleType,
          spec.scheduleConf,
          spec.handler,
          spec.param ?? '',
          nowMs,
          spec.triggerStatus ?? 1,
          spec.nextTimeMs(i),
          nowMs,
          nowMs,
        ).lastInsertRowid,
      )
      if (i === 0) firstId = id
      lastId = id
    }
  })()
  db.close()
  return { firstId, lastId }
}

export interface Headless extends Child {
  url: string
  origin: string
  consoleToken: string
}

export interface HeadlessStart {
  dataDir: string
  /** Another build's headless entry (a reference build of an earlier commit); default this checkout's. */
  entry?: string
  /** Extra command-line flags after the benchmark's defaults. */
  args?: string[]
  /** Flags for node itself, before the entry (e.g. --cpu-prof, --inspect). */
  nodeArgs?: string[]
  timeoutMs?: number
}

/**
 * `node out/main/serve.js --port 0 --host 127.0.0.1 --data-dir D --no-demo --handlers bench/handlers
 * --token T`, resolved once it printed its console address.
 */
export async function startHeadless(options: HeadlessStart): Promise<Headless> {
  requireBuild()
  const { JOBDESK_CONSOLE_TOKEN: _inherited, ...env } = process.env
  const args = [
    ...(options.nodeArgs ?? []),
    options.entry ?? SERVE_ENTRY,
    '--port',
    '0',
    '--host',
    '127.0.0.1',
    '--data-dir',
    options.dataDir,
    '--no-demo',
    '--handlers',
    BENCH_HANDLERS,
    '--token',
    BENCH_ACCESS_TOKEN,
    ...(options.args ?? []),
  ]
  const child = startChild(process.execPath, args, { cwd: REPO, env }, 'headless JobDesk')
  try {
    const match = await child.waitFor(/Console: (http:\/\/127\.0\.0\.1:\d+\/(?:#token=\S+)?)$/, options.timeoutMs ?? 60_000)
    const url = new URL(match[1])
    return Object.assign(child, { url: match[1], origin: url.origin, consoleToken: new URLSearchParams(url.hash.slice(1)).get('token') ?? '' })
  } catch (error) {
    await child.stop('SIGKILL')
    throw error
  }
}

/** A LAN executor agent (built entry) registering `appName` with `adminOrigin`, resolved once it printed its address. */
export async function startAgent(adminOrigin: string, appName: string, logPath: string): Promise<Child & { address: string }> {
  requireBuild()
  const args = [
    AGENT_ENTRY,
    ...loopbackAgentArgs({ admin: adminOrigin, token: BENCH_ACCESS_TOKEN, appName, beatIntervalMs: 1000, logPath, handlers: BENCH_HANDLERS }),
  ]
  const child = startChild(process.execPath, args, { cwd: REPO }, `agent ${appName}`)
  try {
    const match = await child.waitFor(/registering \S+ as (http:\/\/127\.0\.0\.1:\d+\/)/, 30_000)
    return Object.assign(child, { address: match[1] })
  } catch (error) {
    await child.stop('SIGKILL')
    throw error
  }
}
