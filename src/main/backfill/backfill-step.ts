import type { Flow } from '../../shared/flow-types'
import type { JobInfo } from '../../shared/model'
import type { BackfillRecord, StartedSlot } from '../domain/backfills'
import { newFlowRun } from '../flows/flow-starts'
import type { Repos } from '../store/store'
import { prepareOneOffRuns, type PreparedRun, type RunRepos } from '../trigger/prepare-runs'
import { flowSlotEnd, jobSlotEnd, retryIndex, type SlotEnd } from './slot-outcome'
import { readRetries } from './slot-reads'

/** What one step reads and writes, in one transaction: the backfill and its slots, the runs it writes and reads. */
export type StepRepos = RunRepos & Pick<Repos, 'backfills' | 'flows'>

/** What a committed step leaves for after its commit. */
export interface StepResult {
  /** Job runs written: dispatched once the step committed (the trigger service's pool). */
  runs: PreparedRun[]
  /** Flow runs written as running: the flow engine moves them on. */
  flowRuns: { flowRunId: number; flowId: number }[]
  /** The runs (and retries) the backfill waits on now: their ends wake the runner. */
  waitingOn: number[]
}

const NOTHING: StepResult = { runs: [], flowRuns: [], waitingOn: [] }

/**
 * One step of a backfill, inside the caller's transaction (which proves the node's fence): its row
 * is locked, so one node at a time steps it. The slots whose runs ended are marked done or failed;
 * then, while it runs and pause-all does not hold new runs (`holdNew`), the next pending slots in
 * its order get their runs, up to its concurrency — each run written and its slot marked running
 * in this same transaction, so a slot is started once, whoever steps next. With nothing left
 * pending or running it is done. A backfill whose job or flow is gone is cancelled.
 */
export async function stepBackfill(tx: StepRepos, id: number, nowMs: number, node: string, holdNew: boolean): Promise<StepResult> {
  const backfill = await tx.backfills.lock(id)
  if (!backfill || backfill.state === 'done') return NOTHING
  const running = await tx.backfills.running(id)
  const { ends, waitingOn } = backfill.jobId !== 0 ? await jobSlotEnds(tx, backfill, running) : await flowSlotEnds(tx, running)
  let stillRunning = 0
  for (const slot of running) {
    const end = ends.get(slot.slotMs) ?? 'failed'
    if (end === 'running') stillRunning++
    else await tx.backfills.markEnded(id, slot.slotMs, end, nowMs)
  }
  const result: StepResult = { runs: [], flowRuns: [], waitingOn }
  if (backfill.state === 'cancelled') return result
  const target = backfill.jobId !== 0 ? await tx.jobs.get(backfill.jobId) : await tx.flows.get(backfill.flowId)
  if (!target) {
    await tx.backfills.cancelPending(id, nowMs)
    await tx.backfills.setState(id, ['running', 'paused'], 'cancelled', nowMs)
    return result
  }
  const room = backfill.state === 'running' && !holdNew ? backfill.concurrency - stillRunning : 0
  let started = 0
  for (const slotMs of room > 0 ? await tx.backfills.nextPending(id, room) : []) {
    const runId =
      'nodes' in target ? await writeFlowRun(tx, target, backfill, slotMs, nowMs, result) : await writeJobRun(tx, target, backfill, slotMs, nowMs, node, result)
    await tx.backfills.markRunning(id, slotMs, runId, nowMs)
    result.waitingOn.push(runId)
    started++
  }
  // Done with none going and none left: an index read, not a count of every slot at each step.
  if (stillRunning + started === 0 && (await tx.backfills.nextPending(id, 1)).length === 0)
    await tx.backfills.setState(id, ['running', 'paused'], 'done', nowMs)
  return result
}

/** Each running slot's end by its runs (every shard) and their retries. */
async function jobSlotEnds(
  tx: StepRepos,
  backfill: BackfillRecord,
  running: readonly StartedSlot[],
): Promise<{ ends: Map<number, SlotEnd>; waitingOn: number[] }> {
  const attempts = await tx.runs.backfillAttempts(
    backfill.jobId,
    backfill.id,
    running.map((s) => s.slotMs),
  )
  const retries = await readRetries(tx.runs, attempts)
  const retryOf = retryIndex(retries)
  const bySlot = new Map<number, typeof attempts>()
  for (const attempt of attempts) {
    const slot = bySlot.get(attempt.scheduleTimeMs!)
    if (slot) slot.push(attempt)
    else bySlot.set(attempt.scheduleTimeMs!, [attempt])
  }
  const ends = new Map(running.map((s) => [s.slotMs, jobSlotEnd(bySlot.get(s.slotMs) ?? [], retryOf)]))
  return { ends, waitingOn: [...attempts, ...retries].map((a) => a.id) }
}

/** Each running slot's end by its flow run's state. */
async function flowSlotEnds(tx: StepRepos, running: readonly StartedSlot[]): Promise<{ ends: Map<number, SlotEnd>; waitingOn: number[] }> {
  const states = await tx.flowRuns.statesOf(running.map((s) => s.runId))
  return { ends: new Map(running.map((s) => [s.slotMs, flowSlotEnd(states.get(s.runId))])), waitingOn: running.map((s) => s.runId) }
}

/**
 * The slot's run through the trigger path (one row per shard of a broadcast), as this node's to
 * dispatch. Refused by the unique (job, scheduled time, shard, backfill) key, the slot has its run
 * already: that run is the slot's, nothing is written twice.
 */
async function writeJobRun(
  tx: StepRepos,
  job: JobInfo,
  backfill: BackfillRecord,
  slotMs: number,
  nowMs: number,
  node: string,
  result: StepResult,
): Promise<number> {
  const runs = await prepareOneOffRuns(tx, { jobId: job.id, triggerType: 'BACKFILL', backfill: { id: backfill.id, slotMs } }, nowMs, node)
  result.runs.push(...runs)
  if (runs.length > 0) return runs[0].logId
  const [existing] = await tx.runs.backfillAttempts(job.id, backfill.id, [slotMs])
  return existing?.id ?? 0
}

/**
 * The slot's flow run, started as running whatever the flow's own concurrency (the backfill's
 * bounds it), its scheduled time the slot so its nodes get `${schedule.…}` of the slot.
 */
async function writeFlowRun(tx: StepRepos, flow: Flow, backfill: BackfillRecord, slotMs: number, nowMs: number, result: StepResult): Promise<number> {
  const request = { triggerType: 'BACKFILL' as const, scheduleTimeMs: slotMs, backfillId: backfill.id }
  const written = await tx.flowRuns.insertRun(
    newFlowRun(flow, request, 'running', nowMs),
    flow.nodes.map((n) => n.key),
  )
  if (written !== null) result.flowRuns.push({ flowRunId: written, flowId: flow.id })
  return written ?? (await tx.flowRuns.backfillRunId(flow.id, slotMs, backfill.id)) ?? 0
}
