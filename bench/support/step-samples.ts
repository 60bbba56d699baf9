/**
 * B13's per-step figures: from a parent run's completion to its child's handler start, split along
 * the marks of step-trace.ts so a slow step says where its time went.
 */
import type { StepTrace } from './step-trace'
import { percentile } from './stats'

/** A job run as B13 reads it back: its row's times and the start its handler stamped (stampJobHandler). */
export interface StampedRun {
  logId: number
  triggerTimeMs: number
  handleTimeMs: number
  handleCode: number
  startMs: number
}

/** The parts of a step, in order; they add up to the step. */
export const STEP_PARTS = ['batchWait', 'batchWrite', 'completion', 'advance', 'triggerWrite', 'dispatch'] as const
export type StepPart = (typeof STEP_PARTS)[number]

export const PART_LABELS: Record<StepPart, string> = {
  batchWait: 'writer batch wait (completion in → its batch starts)',
  batchWrite: 'batch transaction (→ committed, listeners told)',
  completion: 'completion handling (flow: steps, runs, node update; chain: links, ancestry)',
  advance: 'FlowAdvance until the trigger (run, nodes, rules; earlier siblings’ triggers)',
  triggerWrite: 'trigger transaction (run row, flow step claim)',
  dispatch: 'dispatch (trigger pool → executor → handler start)',
}

export interface StepSample {
  /** The parent's completion reaching the admin (its handleTimeMs) → the child's handler start: B13's step. */
  overheadMs: number
  /** The parent's handler start → the child's: the step with the parent's own no-op run and its callback. */
  handlerToHandlerMs: number
  /** The parent's handleTimeMs → the child's triggerTimeMs, in job_log's whole milliseconds. */
  handledToTriggeredMs: number
  parts: Partial<Record<StepPart, number>>
}

const diff = (later: number | undefined, earlier: number | undefined) => (later === undefined || earlier === undefined ? undefined : later - earlier)

/** The step into `child` from the last of its `parents` to complete. */
export function stepSample(parents: readonly StampedRun[], child: StampedRun, trace: StepTrace): StepSample {
  const completedAt = (run: StampedRun) => trace.completions.get(run.logId)?.completed ?? run.handleTimeMs
  const parent = parents.reduce((a, b) => (completedAt(b) > completedAt(a) ? b : a))
  const completed = completedAt(parent)
  const done = trace.completions.get(parent.logId) ?? {}
  const next = trace.triggers.get(child.logId) ?? {}
  // An advance noted before the batch committed was the sweep's, not this completion's.
  const advance = next.advance !== undefined && done.flushed !== undefined && next.advance >= done.flushed ? next.advance : undefined
  return {
    overheadMs: child.startMs - completed,
    handlerToHandlerMs: child.startMs - parent.startMs,
    handledToTriggeredMs: child.triggerTimeMs - parent.handleTimeMs,
    parts: {
      batchWait: diff(done.flushStart, completed),
      batchWrite: diff(done.flushed, done.flushStart),
      completion: diff(advance ?? next.trigger, done.flushed),
      advance: diff(next.trigger, advance),
      triggerWrite: diff(next.dispatch, next.trigger),
      dispatch: diff(child.startMs, next.dispatch),
    },
  }
}

/** Every step of one flow run: one per node that has parents. */
export function flowStepSamples(parents: ReadonlyMap<string, string[]>, runs: ReadonlyMap<string, StampedRun>, trace: StepTrace): StepSample[] {
  const samples: StepSample[] = []
  for (const [key, parentKeys] of parents) {
    if (parentKeys.length === 0) continue
    const runOf = (k: string) => runs.get(k) ?? failMissing(k)
    samples.push(stepSample(parentKeys.map(runOf), runOf(key), trace))
  }
  return samples
}

/** The steps of a chain whose runs are given root first. */
export function chainStepSamples(runs: readonly StampedRun[], trace: StepTrace): StepSample[] {
  return runs.slice(1).map((child, i) => stepSample([runs[i]], child, trace))
}

function failMissing(key: string): never {
  throw new Error(`node ${key} has no run`)
}

export interface StepSummary {
  count: number
  p50: number
  p99: number
  max: number
  mean: number
  handlerToHandlerP50: number
  handledToTriggeredP50: number
  /** Mean and p50 of each part over the steps that have it (the means add up to the mean step). */
  parts: Record<StepPart, { mean: number; p50: number } | null>
}

const mean = (values: readonly number[]) => (values.length === 0 ? Number.NaN : values.reduce((s, v) => s + v, 0) / values.length)

export function summarizeSteps(samples: readonly StepSample[]): StepSummary {
  const overheads = samples.map((s) => s.overheadMs)
  const parts = {} as StepSummary['parts']
  for (const part of STEP_PARTS) {
    const values = samples.map((s) => s.parts[part]).filter((v): v is number => v !== undefined)
    parts[part] = values.length === 0 ? null : { mean: mean(values), p50: percentile(values, 50) }
  }
  return {
    count: samples.length,
    p50: percentile(overheads, 50),
    p99: percentile(overheads, 99),
    max: Math.max(...overheads),
    mean: mean(overheads),
    handlerToHandlerP50: percentile(
      samples.map((s) => s.handlerToHandlerMs),
      50,
    ),
    handledToTriggeredP50: percentile(
      samples.map((s) => s.handledToTriggeredMs),
      50,
    ),
    parts,
  }
}
