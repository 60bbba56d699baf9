/**
 * B13's exactly-once check under load: `count` runs of one flow triggered at once on the embedded
 * executor (maxActiveRuns = count, overlap ALLOW), then counted from the tables rather than trusted
 * from the engine: every run started and ended success, every node of every run has exactly one job
 * run (job_flow_step), and the flow's jobs ran no run outside a step.
 */
import { sqliteDb } from '../../test/support/sqlite-db'
import { addNoopJobs, addShapeFlow, flowRunsEnded, readFlowRun, type FlowBenchWorld } from './flow-bench-world'
import { parentsOf, type FlowShape } from './flow-shapes'
import { flowStepSamples, summarizeSteps, type StepSummary } from './step-samples'

export interface ConcurrentRuns {
  /** Triggers that did not start a run at once (skipped or queued): a fire lost at the door. */
  notStarted: number
  notSuccess: number
  /** Nodes of a started run with no job run. */
  lostNodes: number
  /** Nodes with more than one job run, plus runs of the flow's jobs that belong to no node. */
  doubledNodes: number
  summary: StepSummary
  /** The first run's start → the last run's end (job_flow_run). */
  wallMs: number
}

export async function runConcurrently(world: FlowBenchWorld, shape: FlowShape, count: number, timeoutMs: number): Promise<ConcurrentRuns> {
  const { core, trace } = world
  // The same jobs in every run, as one flow's runs share them: each job's runs queue in its executor lane (SERIAL_EXECUTION).
  const jobs = await addNoopJobs(core, world.groups.embedded, shape.keys.length, 'b13 concurrent')
  const flowId = await addShapeFlow(core, `b13 ${count} concurrent`, shape, jobs, { maxActiveRuns: count, overlap: 'ALLOW' })
  trace.clear()
  const started = await Promise.all(Array.from({ length: count }, () => core.api.triggerFlow({ flowId })))
  const ids = started.map((s) => s.flowRunId).filter((id): id is number => id !== null)
  if (ids.length > 0) await flowRunsEnded(core, ids, timeoutMs)
  const runs = ids.map((id) => readFlowRun(core, id))

  const db = sqliteDb(core.store)
  const inRuns = ids.map(() => '?').join(',')
  const perNode = db.prepare(`SELECT COUNT(*) AS n FROM job_flow_step WHERE flow_run_id IN (${inRuns}) GROUP BY flow_run_id, node_key`).all(...ids) as {
    n: number
  }[]
  const stepRuns = perNode.reduce((sum, row) => sum + row.n, 0)
  const jobRuns = (db.prepare(`SELECT COUNT(*) AS n FROM job_log WHERE job_id IN (${jobs.map(() => '?').join(',')})`).get(...jobs) as { n: number }).n
  const parents = parentsOf(shape)
  return {
    notStarted: started.filter((s) => s.state !== 'running').length,
    notSuccess: count - runs.filter((r) => r.state === 'success').length,
    lostNodes: ids.length * shape.keys.length - perNode.length,
    doubledNodes: perNode.filter((row) => row.n > 1).length + (jobRuns - stepRuns),
    summary: summarizeSteps(runs.filter((r) => r.state === 'success').flatMap((run) => flowStepSamples(parents, run.runs, trace))),
    wallMs: wallOf(world, ids),
  }
}

function wallOf(world: FlowBenchWorld, ids: readonly number[]): number {
  const row = sqliteDb(world.core.store)
    .prepare(`SELECT MIN(start_time) AS first, MAX(end_time) AS last FROM job_flow_run WHERE id IN (${ids.map(() => '?').join(',')})`)
    .get(...ids) as { first: number; last: number }
  return row.last - row.first
}
