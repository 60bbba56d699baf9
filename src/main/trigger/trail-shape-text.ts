import type { TrailGroup, TrailRoute } from '../../shared/trigger-trail'
import { TRIGGER_TRAIL_VERSION } from '../../shared/trigger-trail'
import type { TrailShape } from '../domain/trail-parts'
import type { PreparedRun } from './prepare-runs'
import type { TriggerJob } from './trigger-job'

/**
 * The JSON text of a run's trail shape (domain/trail-parts.ts), made once per distinct shape instead
 * of once per run. Serializing the shape of every run was about a seventh of the main thread in the
 * second's trigger burst at 10k every-second jobs; now a run compares the dozen values the shape is
 * made of with those of its job's last shape and, when they match, hands on that text.
 *
 * What is kept is shared: jobs routed alike point at one entry (at 100k jobs an entry each would
 * cost B8's memory), and an entry is replaced, never written to, so the heap's old entries never
 * point at young objects.
 */
export function shapeTextOf(run: PreparedRun, route: TrailRoute): string {
  const known = jobShapes.get(run.job)
  if (known !== undefined && madeOf(known, run, route)) return known.text
  const text = JSON.stringify(shapeOf(run, route))
  let entry = shapesByText.get(text)
  if (entry === undefined || !madeOf(entry, run, route)) {
    if (shapesByText.size >= MAX_SHAPES) shapesByText.clear()
    entry = { ...inputsOf(run, route), text }
    shapesByText.set(text, entry)
  }
  jobShapes.set(run.job, entry)
  return entry.text
}

/** The part of the trail the runs of a job share: all but what routing decided and the result. */
export function shapeOf(run: PreparedRun, route: TrailRoute): TrailShape {
  const { job } = run
  const { strategy, candidates, leftOut, shard, tokenless } = route
  return {
    version: TRIGGER_TRAIL_VERSION,
    triggerType: run.triggerType,
    group: { id: job.jobGroup, appName: run.group?.appName ?? null, registration: registrationOf(run) },
    route: tokenless ? { strategy, candidates, leftOut, shard, tokenless } : { strategy, candidates, leftOut, shard },
    block: { strategy: job.executorBlockStrategy, timeoutSec: job.executorTimeoutSec, retriesLeft: run.failRetryCount },
  }
}

function registrationOf(run: PreparedRun): TrailGroup['registration'] {
  if (run.addressOverride) return 'override'
  return run.group?.addressType === 1 ? 'manual' : 'auto'
}

/** Every value `shapeOf` reads, flat. */
interface ShapeInputs {
  triggerType: string
  jobGroup: number
  appName: string | null
  registration: TrailGroup['registration']
  strategy: string
  candidates: readonly string[]
  leftOut: readonly string[]
  shard: TrailRoute['shard']
  tokenless: readonly string[] | undefined
  blockStrategy: string
  timeoutSec: number
  retriesLeft: number
}

interface ShapeEntry extends ShapeInputs {
  text: string
}

function inputsOf(run: PreparedRun, route: TrailRoute): ShapeInputs {
  const { job } = run
  return {
    triggerType: run.triggerType,
    jobGroup: job.jobGroup,
    appName: run.group?.appName ?? null,
    registration: registrationOf(run),
    strategy: route.strategy,
    candidates: [...route.candidates],
    leftOut: [...route.leftOut],
    shard: route.shard && { ...route.shard },
    tokenless: route.tokenless && [...route.tokenless],
    blockStrategy: job.executorBlockStrategy,
    timeoutSec: job.executorTimeoutSec,
    retriesLeft: run.failRetryCount,
  }
}

/** Whether `entry` was made of the very values this run's shape would be. */
function madeOf(entry: ShapeInputs, run: PreparedRun, route: TrailRoute): boolean {
  const { job } = run
  return (
    entry.triggerType === run.triggerType &&
    entry.jobGroup === job.jobGroup &&
    entry.appName === (run.group?.appName ?? null) &&
    entry.registration === registrationOf(run) &&
    entry.strategy === route.strategy &&
    entry.blockStrategy === job.executorBlockStrategy &&
    entry.timeoutSec === job.executorTimeoutSec &&
    entry.retriesLeft === run.failRetryCount &&
    sameList(entry.candidates, route.candidates) &&
    sameList(entry.leftOut, route.leftOut) &&
    (entry.tokenless === route.tokenless || (entry.tokenless !== undefined && route.tokenless !== undefined && sameList(entry.tokenless, route.tokenless))) &&
    (entry.shard === route.shard ||
      (entry.shard !== null && route.shard !== null && entry.shard.index === route.shard.index && entry.shard.total === route.shard.total))
  )
}

function sameList(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false
  return true
}

/** Each job's last shape; keyed by the cached job, so an edit (a new cached job) starts afresh. */
const jobShapes = new WeakMap<TriggerJob, ShapeEntry>()

/**
 * The entries jobs point at, one per shape text: the store finds a shape's digest by its text
 * (store/trail-shapes.ts), and a string it has met keeps its hash. Bounded for a process open for
 * months; a job whose entry was dropped here keeps it until its shape changes.
 */
const shapesByText = new Map<string, ShapeEntry>()
const MAX_SHAPES = 10_000
