import { coded, type MessageCode } from '../../shared/messages'
import type { JobGroup } from '../../shared/model'
import type { TrailRoute } from '../../shared/trigger-trail'
import type { ExecutorApi } from '../executor/executor-api'
import type { AddressUse } from '../domain/address-use'
import type { ExecutorDirectory } from './executor-directory'
import type { RunCandidates } from './run-candidates'
import { compactMsg, USE_TRACKING_STRATEGIES, type RouteProbe, type Routers, type SingleRouteStrategy } from './routing'
import type { RouteTrail } from './routing/router'

/**
 * 'trigger' routes a run that is about to be sent; 'dry-run' answers where a trigger would go now
 * (the route preview) and leaves the job's routing state as it found it.
 */
export type RouteMode = 'trigger' | 'dry-run'

/** The job's routing state as the database keeps it; the caller decides whether reading it reserves anything. */
export interface RouteState {
  /** ROUND: the run's position in the job's sequence (a trigger's is reserved with its row); null when none is known yet. */
  roundPosition: number | null
  /** The job's use of each address; read only for LFU and LRU. */
  usesOf: (jobId: number) => Promise<readonly AddressUse[]>
}

export interface RouteRunRequest {
  jobId: number
  strategy: SingleRouteStrategy
  group: JobGroup | undefined
  candidates: Pick<RunCandidates, 'addresses' | 'tokenless'>
  state: RouteState
  mode: RouteMode
}

export interface RouteRunDeps {
  routers: Routers
  executors: ExecutorDirectory
  nowMs: () => number
}

export interface RoutedRun {
  route: TrailRoute
  /** Whether an accepted run counts as a use of the chosen address (LFU, LRU); never for a dry run. */
  countsUse: boolean
}

/**
 * What only chance decides, a dry run names the rule of instead of guessing: RANDOM's draw, and
 * ROUND's first run (a new job's sequence starts at a random position when its first row is written).
 */
const CHANCE_RULES: Partial<Record<SingleRouteStrategy, MessageCode>> = {
  ROUND: 'routePreview.round',
  RANDOM: 'routePreview.random',
}

/**
 * Routes one run of a single-address strategy, for a real trigger and a route preview alike, so the
 * preview's answer is where the run would go: only addresses this node can reach (another JobDesk
 * process's embedded executor is listed but reachable only by that one), this node's own embedded
 * executor first for FIRST, and probes without the group's token at tokenless addresses.
 *
 * A strategy that reads nothing first and whose router answers at once (FIRST, ROUND and the other
 * non-probing ones, on every scheduled fire) is routed without a promise; LFU and LRU read the job's
 * use of each address, and FAILOVER and BUSYOVER probe executors, so they answer later.
 */
export function routeRun(request: RouteRunRequest, deps: RouteRunDeps): RoutedRun | Promise<RoutedRun> {
  const { jobId, strategy, group, candidates, state, mode } = request
  const listed = candidates.addresses
  // Every listed address is reachable in the common case: no second list, nothing left out.
  const allReachable = listed.every((address) => deps.executors.canReach(address))
  const reachable = allReachable ? listed : listed.filter((address) => deps.executors.canReach(address))
  const addresses = strategy === 'FIRST' ? deps.executors.localFirst(reachable) : reachable
  const leftOut = allReachable ? [] : listed.filter((address) => !addresses.includes(address))
  const tokenless = candidates.tokenless.length > 0 ? [...candidates.tokenless] : undefined
  const rule = mode === 'dry-run' && addresses.length > 0 ? chanceRule(strategy, state) : undefined
  if (rule) {
    const route: TrailRoute = { strategy, candidates: [...addresses], probes: [], chosen: null, reason: coded(rule), leftOut, shard: null }
    if (tokenless) route.tokenless = tokenless
    return { route, countsUse: false }
  }

  const tracksUse = USE_TRACKING_STRATEGIES.has(strategy)
  const countsUse = mode === 'trigger' && tracksUse
  const routeWith = (uses: readonly AddressUse[] | undefined) =>
    deps.routers[strategy].route({
      jobId,
      addresses,
      nowMs: deps.nowMs(),
      probe: probeThrough(deps.executors, group, candidates.tokenless),
      shared: { roundPosition: state.roundPosition ?? undefined, uses },
    })
  const finish = (routed: RouteTrail): RoutedRun => ({ route: trailRouteOf(routed, leftOut, tokenless), countsUse })
  if (tracksUse) return state.usesOf(jobId).then(routeWith).then(finish)
  const routed = routeWith(undefined)
  return routed instanceof Promise ? routed.then(finish) : finish(routed)
}

/** The router's trail as the run keeps it: probe messages compacted, what was left out, tokenless addresses. */
function trailRouteOf(routed: RouteTrail, leftOut: string[], tokenless: string[] | undefined): TrailRoute {
  const probes = routed.probes.length === 0 ? routed.probes : routed.probes.map((probe) => ({ ...probe, msg: compactMsg(probe.msg) }))
  const route: TrailRoute = {
    strategy: routed.strategy,
    candidates: routed.candidates,
    probes,
    chosen: routed.chosen,
    reason: routed.reason,
    leftOut,
    shard: null,
  }
  if (tokenless) route.tokenless = tokenless
  return route
}

function chanceRule(strategy: SingleRouteStrategy, state: RouteState): MessageCode | undefined {
  if (strategy === 'ROUND' && state.roundPosition !== null) return undefined
  return CHANCE_RULES[strategy]
}

/** The group's token goes with a call only to the group's own addresses: an admin's override elsewhere carries none. */
export function executorAt(executors: ExecutorDirectory, group: JobGroup | undefined, tokenless: readonly string[], address: string): ExecutorApi {
  return executors.forAddress(address, group, !tokenless.includes(address))
}

function probeThrough(executors: ExecutorDirectory, group: JobGroup | undefined, tokenless: readonly string[]): RouteProbe {
  return {
    beat: (address) => executorAt(executors, group, tokenless, address).beat(),
    idleBeat: (address, jobId) => executorAt(executors, group, tokenless, address).idleBeat(jobId),
  }
}
