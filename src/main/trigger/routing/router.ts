import type { RouteStrategy } from '../../../shared/model'
import { coded } from '../../../shared/messages'
import type { RouteReason } from '../../../shared/trigger-trail'
import type { ExecutorReply } from '../../executor/executor-api'
import type { AddressUse } from '../../domain/address-use'

/** Every route strategy except SHARDING_BROADCAST, which fans out instead of picking (see ../sharding.ts). */
export type SingleRouteStrategy = Exclude<RouteStrategy, 'SHARDING_BROADCAST'>

/**
 * The executor calls a router may make before choosing: FAILOVER probes `/beat`, BUSYOVER
 * `/idleBeat {jobId}` (docs/protocol.md#beat-and-idlebeat). Implemented over HTTP for LAN executors and in-process for the
 * embedded one. A rejected promise counts as a failed probe (code 500, the error as msg).
 */
export interface RouteProbe {
  beat(address: string): Promise<ExecutorReply>
  idleBeat(address: string, jobId: number): Promise<ExecutorReply>
}

export interface RouteRequest {
  jobId: number
  /** The group's address list in its order (auto-registered groups: sorted ascending as strings). */
  addresses: readonly string[]
  /** Epoch ms; drives the 24 h window of per-job use counts. */
  nowMs: number
  probe: RouteProbe
  /**
   * The job's routing state as the database keeps it, the same on every node (XXL-JOB keeps it per
   * admin, so with three admins ROUND becomes three interleaved sequences): ROUND's position for this
   * run, reserved when the run's row was written; the job's use of each address (LFU, LRU).
   */
  shared?: { roundPosition?: number; uses?: readonly AddressUse[] }
}

/** One probe a router made, in the order it made them. */
export interface ProbeResult {
  address: string
  kind: 'beat' | 'idleBeat'
  code: number
  msg: string
}

/** What routing considered and why it picked what it picked; shown with the run (trigger_msg). */
export interface RouteTrail {
  strategy: SingleRouteStrategy
  /** The address list routing saw, in order. */
  candidates: string[]
  probes: ProbeResult[]
  /** The address to trigger, or null when routing failed (empty list, every probe failed). */
  chosen: string | null
  /** Why `chosen` won, or why there is none: a `routeReason.*` code and its parameters (English: `routeReasonText`). */
  reason: RouteReason
}

/**
 * A router that calls no executor (all but FAILOVER and BUSYOVER) answers at once: the trigger hot
 * path then routes without a promise (route-run.ts).
 */
export interface Router {
  route(request: RouteRequest): RouteTrail | Promise<RouteTrail>
}

/** Settings shared by the stateful routers. */
export interface RouterOptions {
  /** Uniform in [0, 1), like Math.random (the default); injected so tests can be deterministic. */
  random?: () => number
}

/** XXL-JOB's wording is "Trigger Fail：registry address is empty". */
export const EMPTY_ADDRESS_REASON: RouteReason = coded('routeReason.emptyAddress')

export function emptyAddressTrail(strategy: SingleRouteStrategy): RouteTrail {
  return { strategy, candidates: [], probes: [], chosen: null, reason: EMPTY_ADDRESS_REASON }
}

export function chosenTrail(strategy: SingleRouteStrategy, request: RouteRequest, chosen: string, reason: RouteReason): RouteTrail {
  return { strategy, candidates: [...request.addresses], probes: [], chosen, reason }
}

/** An index in 0…size−1 from a [0, 1) source; clamped in case a custom source returns 1. */
export function randomIndex(random: () => number, size: number): number {
  return Math.min(size - 1, Math.floor(random() * size))
}

/**
 * The listed addresses starting at `jobId mod n` and wrapping: a tie between addresses goes to the
 * first of these, so jobs with no history yet spread over the list instead of all taking list[0].
 */
export function rotatedForJob(addresses: readonly string[], jobId: number): string[] {
  const start = jobId % addresses.length
  return [...addresses.slice(start), ...addresses.slice(0, start)]
}
