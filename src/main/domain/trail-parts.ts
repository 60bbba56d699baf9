import type { TrailMessage, TrailProbe, TrailRoute, TriggerTrail } from '../../shared/trigger-trail'

/**
 * How a trigger trail is cut in two for the store (TrailParts, store/trail-shapes.ts): its shape, the
 * part the runs of a job share, written once; and its run part, written with each run.
 *
 * What routing decided for this run goes with the run, not the shape: the address chosen, the reason
 * and the probes made. ROUND's reason names the run's place in the job's sequence and LFU's the
 * address's use count, so in the shape they made every run's shape new: a `job_trail_shape` row per
 * run, never shared, and a SHA-256 per run. Without them a job's runs share one shape whatever the
 * strategy; the run part grows by the same bytes the shape lost.
 */

/** The trail less what is decided per run: its route keeps the list routing saw. */
export interface TrailShape extends Omit<TriggerTrail, 'route' | 'result'> {
  route: Omit<TrailRoute, 'chosen' | 'reason' | 'probes'> | null
}

/** What differs run to run: the result, and what routing decided (absent when the trigger never routed). */
export interface TrailRun {
  chosen?: string | null
  reason?: TrailMessage
  probes?: TrailProbe[]
  result: TrailMessage
}

export function splitTrail(trail: TriggerTrail): { shape: TrailShape; run: TrailRun } {
  const { route, result, ...rest } = trail
  if (route === null) return { shape: { ...rest, route: null }, run: { result } }
  const { chosen, reason, probes, ...sharedRoute } = route
  return { shape: { ...rest, route: sharedRoute }, run: { chosen, reason, probes, result } }
}

/**
 * The run part's JSON as stored. It leaves out what the run's row already says: the address chosen
 * when it is the row's `executor_address` (set by the same write), and the probes when routing made
 * none. Every run writes this text; at 10k runs a second the 50 bytes cost about 0.6 µs a run in
 * the UPDATE that writes the outcome (docs/benchmarks.md#b1-throughput).
 */
export function runPartText(run: TrailRun, executorAddress: string): string {
  // JSON leaves out the keys set to undefined.
  return JSON.stringify({
    chosen: run.chosen === executorAddress && executorAddress !== '' ? undefined : run.chosen,
    reason: run.reason,
    probes: run.probes?.length ? run.probes : undefined,
    result: run.result,
  })
}

/** `executorAddress`: the run's row's, which a run part without `chosen` routed to (runPartText). */
export function joinTrail(shape: TrailShape, run: TrailRun, executorAddress: string): TriggerTrail {
  const { route, ...rest } = shape
  if (route === null) return { ...rest, route: null, result: run.result }
  const chosen = 'chosen' in run ? (run.chosen ?? null) : executorAddress || null
  return { ...rest, route: { ...route, chosen, reason: run.reason!, probes: run.probes ?? [] }, result: run.result }
}

/** A run part read back: a TrailRun, or the bare result the first release of migration 17 wrote. */
type StoredRunPart = TrailRun | TrailMessage

const isBareResult = (part: StoredRunPart): part is TrailMessage => !('result' in part)

/**
 * The whole trail from the two texts and the run's executor address. A run part written before
 * routing moved into it (the first release of migration 17) is the bare result, and its shape still
 * holds the route whole.
 */
export function joinTrailTexts(shape: string, run: string, executorAddress: string): TriggerTrail {
  const runPart = JSON.parse(run) as StoredRunPart
  if (isBareResult(runPart)) return { ...(JSON.parse(shape) as Omit<TriggerTrail, 'result'>), result: runPart }
  return joinTrail(JSON.parse(shape) as TrailShape, runPart, executorAddress)
}

/** The trigger's result from a run part's text alone, without its shape (either form, joinTrailTexts). */
export function runPartResult(run: string): TrailMessage {
  const runPart = JSON.parse(run) as StoredRunPart
  return isBareResult(runPart) ? runPart : runPart.result
}
