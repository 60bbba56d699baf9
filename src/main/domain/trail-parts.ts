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

export function joinTrail(shape: TrailShape, run: TrailRun): TriggerTrail {
  const { route, ...rest } = shape
  if (route === null) return { ...rest, route: null, result: run.result }
  return { ...rest, route: { ...route, chosen: run.chosen ?? null, reason: run.reason!, probes: run.probes ?? [] }, result: run.result }
}

/**
 * The whole trail from the two texts. A run part written before routing moved into it (the first
 * release of migration 17) is the bare result, and its shape still holds the route whole.
 */
export function joinTrailTexts(shape: string, run: string): TriggerTrail {
  const runPart = JSON.parse(run) as TrailRun | TrailMessage
  if (!('result' in runPart)) return { ...(JSON.parse(shape) as Omit<TriggerTrail, 'result'>), result: runPart }
  return joinTrail(JSON.parse(shape) as TrailShape, runPart)
}
