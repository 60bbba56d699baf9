/**
 * B13's world: the in-process core (assembleCore) on a temp SQLite folder with the bench handlers
 * on its embedded executor, its admin API on loopback, and one LAN agent process registered with
 * it (as bench/b4-admin-lan.ts starts them); plus the few things B13 does on it — no-op jobs,
 * flows of a shape, a flow run or a child-link chain run to its end, read back from job_log.
 */
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { assembleCore, type CoreParts } from '../../src/main/app/core'
import { silentLogger } from '../../src/main/kernel/logger'
import { listen, type ListeningServer } from '../../src/main/net/http-server'
import { storedJobOf } from '../../src/main/store/job-repo'
import type { FlowInput, FlowRunState } from '../../src/shared/flow-types'
import { defaultJobInput } from '../../src/shared/job-defaults'
import { EMBEDDED_APP_NAME } from '../../src/shared/model'
import type { FlowShape } from './flow-shapes'
import { startAgentProcess, stopProcess } from './processes'
import { loopbackAgentArgs } from '../../test/support/agent-args'
import { sqliteDb } from '../../test/support/sqlite-db'
import { sleep } from './stats'
import type { StampedRun } from './step-samples'
import { installStepTrace, type StepTrace } from './step-trace'

const HANDLERS = join(dirname(fileURLToPath(import.meta.url)), '..', 'handlers')
const TOKEN = 'b13-token-0123456789'
const LAN_APP = 'b13-lan'
/** How often a wait looks at the database: a cheap indexed read, rare enough not to load the core it measures. */
const POLL_MS = 10

export interface FlowBenchWorld {
  core: CoreParts
  trace: StepTrace
  groups: { embedded: number; lan: number }
  stop(): Promise<void>
}

export async function startFlowBenchWorld(): Promise<FlowBenchWorld> {
  const trace = installStepTrace()
  const dataDir = mkdtempSync(join(tmpdir(), 'jobdesk-b13-'))
  const logs = mkdtempSync(join(tmpdir(), 'jobdesk-b13-agent-'))
  const core = await assembleCore({ dataDir, logger: silentLogger, seedDemo: false, accessToken: TOKEN, executorOptions: { handlerDirs: [HANDLERS] } })
  let server: ListeningServer | null = null
  let agent: ChildProcess | null = null
  const stop = async () => {
    if (agent) await stopProcess(agent)
    await server?.close()
    await core.stop()
    rmSync(dataDir, { recursive: true, force: true })
    rmSync(logs, { recursive: true, force: true })
  }
  try {
    server = await listen('127.0.0.1', 0, [core.adminApi], [])
    agent = await startAgentProcess(
      loopbackAgentArgs({ admin: `http://127.0.0.1:${server.port}`, token: TOKEN, appName: LAN_APP, handlers: HANDLERS, logPath: logs }),
    )
    const deadline = Date.now() + 30_000
    while (!(await core.store.groups.findByAppName(LAN_APP))?.addressList) {
      if (Date.now() > deadline) throw new Error('the LAN agent did not register within 30 s')
      await sleep(50)
    }
    const groups = await core.api.listGroups()
    const idOf = (appName: string) => groups.find((g) => g.appName === appName)!.id
    return { core, trace, groups: { embedded: idOf(EMBEDDED_APP_NAME), lan: idOf(LAN_APP) }, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

/**
 * `count` jobs of the B13 no-op handler (it returns its start time) in `groupId`, run by flows or
 * links only. Planted in one transaction, as B4 plants its jobs: 2,000 saves through the API take
 * ~10 s on a loaded 2-core machine, long enough for the node to miss its lease renewal.
 */
export async function addNoopJobs(core: CoreParts, groupId: number, count: number, prefix: string): Promise<number[]> {
  const nowMs = Date.now()
  return core.store.transaction(async (tx) => {
    const ids: number[] = []
    for (let i = 0; i < count; i++) {
      const input = defaultJobInput(groupId, 'UTC', { name: `${prefix} ${i}`, author: 'b13', executorHandler: 'stampJobHandler' })
      ids.push(await tx.jobs.insert(storedJobOf(input, nowMs)))
    }
    return ids
  })
}

/** A flow of `shape` with node i running `jobIds[i]`. */
export async function addShapeFlow(core: CoreParts, name: string, shape: FlowShape, jobIds: readonly number[], settings: Partial<FlowInput> = {}) {
  if (jobIds.length < shape.keys.length) throw new Error(`flow ${name}: ${shape.keys.length} nodes, ${jobIds.length} jobs`)
  const flow = await core.api.addFlow({ name, nodes: shape.keys.map((key, i) => ({ key, jobId: jobIds[i] })), edges: shape.edges, ...settings })
  return flow.id
}

export interface EndedFlowRun {
  id: number
  state: FlowRunState
  /** The run's own start → end (job_flow_run). */
  wallMs: number
  runs: Map<string, StampedRun>
}

/** Waits until every one of the flow runs has ended. */
export async function flowRunsEnded(core: CoreParts, ids: readonly number[], timeoutMs: number): Promise<void> {
  const db = sqliteDb(core.store)
  const open = db.prepare(`SELECT COUNT(*) AS n FROM job_flow_run WHERE id IN (${ids.map(() => '?').join(',')}) AND state IN ('queued', 'running', 'waiting')`)
  const deadline = Date.now() + timeoutMs
  while ((open.get(...ids) as { n: number }).n > 0) {
    if (Date.now() > deadline) throw new Error(`flow runs ${ids[0]}… not ended within ${timeoutMs / 1000} s`)
    await sleep(POLL_MS)
  }
}

/** A flow run's state, time and each node's (last) job run. */
export function readFlowRun(core: CoreParts, id: number): EndedFlowRun {
  const db = sqliteDb(core.store)
  const run = db.prepare('SELECT state, start_time, end_time FROM job_flow_run WHERE id = ?').get(id) as {
    state: FlowRunState
    start_time: number
    end_time: number
  }
  const rows = db
    .prepare(
      `SELECT s.node_key, l.id, l.trigger_time, l.handle_time, l.handle_code, l.handle_msg
       FROM job_flow_step s JOIN job_log l ON l.id = s.log_id WHERE s.flow_run_id = ? ORDER BY l.id`,
    )
    .all(id) as (LogRow & { node_key: string })[]
  return { id, state: run.state, wallMs: run.end_time - run.start_time, runs: new Map(rows.map((row) => [row.node_key, stampedRun(row)])) }
}

export async function runFlow(core: CoreParts, flowId: number, timeoutMs: number): Promise<EndedFlowRun> {
  const { flowRunId, state } = await core.api.triggerFlow({ flowId })
  if (flowRunId === null || state !== 'running') throw new Error(`flow ${flowId} did not start (${state})`)
  await flowRunsEnded(core, [flowRunId], timeoutMs)
  return readFlowRun(core, flowRunId)
}

/** The first node of a flow run that did not succeed, with what its job run says (for the error that stops the benchmark). */
export function whyFailed(core: CoreParts, flowRunId: number): string {
  const row = sqliteDb(core.store)
    .prepare(
      `SELECT n.node_key, n.state, n.note, l.trigger_code, l.handle_code, l.handle_msg FROM job_flow_node n
       LEFT JOIN job_flow_step s ON s.flow_run_id = n.flow_run_id AND s.node_key = n.node_key LEFT JOIN job_log l ON l.id = s.log_id
       WHERE n.flow_run_id = ? AND n.state != 'success' ORDER BY l.id LIMIT 1`,
    )
    .get(flowRunId)
  return JSON.stringify(row)
}

/** Triggers the chain's root and waits for its last job; the runs root first, and first trigger → last completion. */
export async function runChain(core: CoreParts, jobIds: readonly number[], timeoutMs: number): Promise<{ runs: StampedRun[]; wallMs: number }> {
  const db = sqliteDb(core.store)
  const [rootId] = (await core.api.triggerJob({ jobId: jobIds[0] })).logIds
  const last = db.prepare('SELECT COUNT(*) AS n FROM job_log WHERE job_id = ? AND id > ? AND handle_code != 0')
  const deadline = Date.now() + timeoutMs
  while ((last.get(jobIds[jobIds.length - 1], rootId) as { n: number }).n === 0) {
    if (Date.now() > deadline) throw new Error(`the chain from run ${rootId} did not reach its last job within ${timeoutMs / 1000} s`)
    await sleep(POLL_MS)
  }
  const rows = db
    .prepare(
      `SELECT id, parent_log_id, trigger_time, handle_time, handle_code, handle_msg FROM job_log WHERE id >= ? AND job_id IN (${jobIds.map(() => '?').join(',')})`,
    )
    .all(rootId, ...jobIds) as (LogRow & { parent_log_id: number | null })[]
  const childOf = new Map(rows.filter((r) => r.parent_log_id !== null).map((r) => [r.parent_log_id!, r]))
  const chain = [rows.find((r) => r.id === rootId)!]
  for (let next = childOf.get(rootId); next; next = childOf.get(next.id)) chain.push(next)
  if (chain.length !== jobIds.length || chain.some((r) => r.handle_code !== 200))
    throw new Error(
      `the chain from run ${rootId} ran ${chain.length} of ${jobIds.length} jobs, ${chain.filter((r) => r.handle_code === 200).length} successfully`,
    )
  const runs = chain.map(stampedRun)
  return { runs, wallMs: runs[runs.length - 1].handleTimeMs - runs[0].triggerTimeMs }
}

interface LogRow {
  id: number
  trigger_time: number
  handle_time: number
  handle_code: number
  handle_msg: string | null
}

/** A run that failed has no start stamp (NaN): its flow run did not succeed, which the caller checks first. */
function stampedRun(row: LogRow): StampedRun {
  const startMs = row.handle_code === 200 ? Number(row.handle_msg) : Number.NaN
  return { logId: row.id, triggerTimeMs: row.trigger_time, handleTimeMs: row.handle_time, handleCode: row.handle_code, startMs }
}
