import type { ErrorParams } from './errors'
import type { MessageCode } from './messages'
import type { BlockStrategy, RouteStrategy, TriggerType } from './job-enums'

/**
 * What one trigger did, as data: the console renders it in its language. The same facts are written
 * as English text to the run's `trigger_msg` (XXL-JOB shows that column and the OpenAPI returns it);
 * this object is kept beside it (`job_log.trigger_trail`, JSON). Runs written before it existed
 * have none and show their text.
 */
export interface TriggerTrail {
  /** Bumped when a field changes meaning; a reader ignores a trail of a version it does not know. */
  version: typeof TRIGGER_TRAIL_VERSION
  triggerType: TriggerType
  /** The executor group routed in; null when the trigger failed before it got that far. */
  group: TrailGroup | null
  /** Routing; null when the trigger never routed (dropped by a full pool, an unexpected failure). */
  route: TrailRoute | null
  /** The job's block strategy, timeout and the retries left, as sent to the executor. */
  block: { strategy: BlockStrategy; timeoutSec: number; retriesLeft: number } | null
  /** How the trigger ended: `triggerResult.*`. */
  result: TrailMessage
}

export const TRIGGER_TRAIL_VERSION = 1

/** A message code with its parameters (English: `englishMessage`). */
export interface TrailMessage {
  code: MessageCode
  params: ErrorParams
}

/** Why routing picked an address, or none: a `routeReason.*` code. */
export type RouteReason = TrailMessage

export interface TrailGroup {
  id: number
  /** Null when the job's group no longer exists. */
  appName: string | null
  /** Where the address list came from. */
  registration: 'auto' | 'manual' | 'override'
}

export interface TrailProbe {
  address: string
  kind: 'beat' | 'idleBeat'
  code: number
  /** What the executor answered, cut to one short line. */
  msg: string
}

export interface TrailRoute {
  strategy: RouteStrategy
  /** The address list routing saw, in order. */
  candidates: string[]
  /** Listed, but the embedded executor of another JobDesk process (reachable only by that one). */
  leftOut: string[]
  probes: TrailProbe[]
  chosen: string | null
  reason: RouteReason
  /** SHARDING_BROADCAST: this run's shard. */
  shard: { index: number; total: number } | null
  /**
   * An admin's override named these, though they are not registered in (or configured for) the
   * group: they were called without the group's access token. Absent in trails of older runs.
   */
  tokenless?: string[]
}

/**
 * Reads a stored trail (the column's JSON text). Null for none, for text that is not JSON, and for
 * a trail of another version: the caller then shows `trigger_msg`. The column is written only by the
 * core, so a shape check of the envelope is enough here.
 */
export function parseTriggerTrail(text: string | null | undefined): TriggerTrail | null {
  if (!text) return null
  try {
    const value = JSON.parse(text) as Partial<TriggerTrail> | null
    if (!value || typeof value !== 'object' || value.version !== TRIGGER_TRAIL_VERSION) return null
    if (!value.result || typeof value.result.code !== 'string') return null
    return value as TriggerTrail
  } catch {
    return null
  }
}
