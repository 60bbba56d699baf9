import { TRIGGER_CODE } from '../../shared/model'
import { coded } from '../../shared/messages'
import { TRIGGER_TRAIL_VERSION, type TrailMessage, type TrailRoute, type TriggerTrail } from '../../shared/trigger-trail'
import { failure, type ExecutorReply, type TriggerParam } from '../executor/executor-api'
import type { TrailParts, TriggerOutcome } from '../domain/runs'
import { joinTrailTexts, runPartText, type TrailRun, type TrailShape } from '../domain/trail-parts'
import type { ExecutorDirectory } from './executor-directory'
import type { PreparedRun } from './prepare-runs'
import { shapeTextOf } from './trail-shape-text'
import type { AddressUse } from '../domain/address-use'
import type { Routers, SingleRouteStrategy } from './routing'
import { executorAt, routeRun, type RoutedRun } from './route-run'
import { formatTriggerTrail } from '../../shared/trigger-trail-text'
import type { AddressSlots } from '../capacity/address-slots'
import type { SecretReader } from '../secrets/secret-reader'
import { mayNeedSecrets, requestWithSecrets } from './secret-request'
import { isLlmStep } from '../../shared/llm-provider'
import { requestWithLlm, type LlmProviders } from './llm-request'

export interface TriggerDeps {
  routers: Routers
  executors: ExecutorDirectory
  nowMs: () => number
  /** The job's use of each address as the database keeps it (LFU, LRU read it before routing). */
  usesOf: (jobId: number) => Promise<AddressUse[]>
  /** Told when the chosen address could not be connected to: the registry shows it suspect at once. */
  unreachable?: (appName: string, address: string) => void
  /** Group maxConcurrent: which addresses are full, and the chosen one's slot (capacity/address-slots.ts). */
  addressSlots?: Pick<AddressSlots, 'full' | 'take'>
  /** The values of `${secrets.NAME}` references, read only for a run whose request names one. */
  secrets?: SecretReader
  /** The groups' LLM providers, read only for a run of `llmJobHandler`. */
  llmProviders?: LlmProviders
}

/**
 * One trigger (docs/protocol.md#trigger-flow steps 3–6): route, call the executor's `/run`, and describe what
 * happened — as a trail (data, for the console) and as its English text (trigger_msg). The run row
 * already exists; the outcome is recorded by the caller. Never throws: an unreachable executor or a
 * failed route is an outcome with code 500.
 */
export async function triggerRun(run: PreparedRun, deps: TriggerDeps): Promise<TriggerOutcome> {
  const { job } = run
  const broadcast = job.executorRouteStrategy === 'SHARDING_BROADCAST'
  const limited = !broadcast && run.group?.maxConcurrent && deps.addressSlots
  const routing = broadcast ? { route: shardRoute(run), countsUse: false } : limited ? routeWithinLimit(run, deps) : routeOne(run, deps)
  const { route, countsUse } = routing instanceof Promise ? await routing : routing
  const address = route.chosen
  if (!address) {
    const why =
      limited && run.addresses.length > 0 && route.candidates.length === 0
        ? coded('triggerResult.addressesFull', { max: run.group!.maxConcurrent! })
        : coded('triggerResult.noAddress')
    return outcome(run, '', TRIGGER_CODE.fail, shapeTextOf(run, route), routed(route, why))
  }

  const param = triggerParamOf(run)
  // Most runs name no secret and are no LLM step: they go on without the two lookups' promises and turns.
  const request = mayNeedSecrets(param, run.job) || isLlmStep(param) ? await withSecretsAndLlm(param, run, address, deps) : { ok: true as const, param }
  if (!request.ok) return outcome(run, '', TRIGGER_CODE.fail, shapeTextOf(run, route), routed(route, request.why))
  const startedAt = performance.now()
  const reply = await callRun(deps.executors, run, address, request.param)
  if (reply.unreachable && run.group) deps.unreachable?.(run.group.appName, address)
  const result = resultOf(reply, performance.now() - startedAt)
  const accepted = outcome(run, address, reply.code === 200 ? TRIGGER_CODE.success : TRIGGER_CODE.fail, shapeTextOf(run, route), routed(route, result))
  // LFU and LRU count the address in the database with the outcome's write, for every node.
  if (reply.code === 200 && countsUse) accepted.routeUse = { jobId: job.id, atMs: deps.nowMs() }
  return accepted
}

/**
 * How the call ended and how long the executor took. A call that first waited here for a free
 * connection (a burst to one executor) says so apart: the wait is this process's queue, not the
 * executor's answer time.
 */
function resultOf(reply: ExecutorReply, elapsedMs: number): TrailMessage {
  const waitedMs = reply.waitedMs ?? 0
  const ms = Math.max(0, elapsedMs - waitedMs).toFixed(1)
  if (waitedMs < MIN_WAIT_SHOWN_MS) {
    return reply.code === 200 ? coded('triggerResult.accepted', { ms }) : coded('triggerResult.refused', { code: reply.code, ms, msg: reply.msg ?? '' })
  }
  const waited = waitedMs.toFixed(1)
  return reply.code === 200
    ? coded('triggerResult.acceptedAfterWait', { ms, waited })
    : coded('triggerResult.refusedAfterWait', { code: reply.code, ms, waited, msg: reply.msg ?? '' })
}

/** A wait for a connection shorter than this is not worth a word: the round trip's own noise. */
const MIN_WAIT_SHOWN_MS = 1

/** This run's part of the trail: what routing decided, and how the trigger ended. */
function routed(route: TrailRoute, result: TrailMessage): TrailRun {
  return { chosen: route.chosen, reason: route.reason, probes: route.probes, result }
}

/** The outcome of a trigger that ended before or without routing (a full pool, an unexpected failure). */
export function unroutedOutcome(run: PreparedRun, result: TriggerTrail['result']): TriggerOutcome {
  const shape: TrailShape = { version: TRIGGER_TRAIL_VERSION, triggerType: run.triggerType, group: null, route: null, block: null }
  return outcome(run, '', TRIGGER_CODE.fail, JSON.stringify(shape), { result })
}

/**
 * The trail is serialized at once, in the two parts the store keeps (TrailParts): the outcome may wait
 * some hundreds of milliseconds for its run's completion before it is written
 * (RunWriter.holdOutcomesOf), and two flat strings outlive the young generation far more cheaply than
 * the trail's dozen objects. The trail and its English text are made again from them only when
 * something reads them (a manual trigger's answer, a test); the store derives the text when the run
 * is read, so the hot path never builds it.
 */
class TrailedOutcome implements TriggerOutcome {
  routeUse?: TriggerOutcome['routeUse']
  private trail: TriggerTrail | undefined
  private text: string | undefined

  constructor(
    readonly logId: number,
    readonly executorAddress: string,
    readonly triggerCode: number,
    readonly trailParts: TrailParts,
  ) {}

  get triggerTrail(): TriggerTrail {
    return (this.trail ??= joinTrailTexts(this.trailParts.shape, this.trailParts.run, this.executorAddress))
  }

  get triggerMsg(): string {
    return (this.text ??= formatTriggerTrail(this.triggerTrail))
  }
}

function outcome(run: PreparedRun, executorAddress: string, triggerCode: number, shapeText: string, runPart: TrailRun): TriggerOutcome {
  return new TrailedOutcome(run.logId, executorAddress, triggerCode, { shape: shapeText, run: runPartText(runPart, executorAddress) })
}

function shardRoute(run: PreparedRun): TrailRoute {
  const chosen = run.shardAddress
  return {
    strategy: 'SHARDING_BROADCAST',
    candidates: [...run.addresses],
    leftOut: [],
    probes: [],
    chosen,
    reason: chosen ? coded('routeReason.shard', { index: run.shardIndex, total: run.shardTotal }) : coded('routeReason.emptyAddress'),
    shard: chosen ? { index: run.shardIndex, total: run.shardTotal } : null,
    ...(run.tokenless.length > 0 ? { tokenless: [...run.tokenless] } : {}),
  }
}

function routeOne(run: PreparedRun, deps: TriggerDeps, addresses: readonly string[] = run.addresses): RoutedRun | Promise<RoutedRun> {
  const state = { roundPosition: run.roundPosition, usesOf: deps.usesOf }
  const strategy = run.job.executorRouteStrategy as SingleRouteStrategy
  const candidates = addresses === run.addresses ? run : { addresses, tokenless: run.tokenless }
  return routeRun({ jobId: run.job.id, strategy, group: run.group, candidates, state, mode: 'trigger' }, deps)
}

/**
 * A run of a group with maxConcurrent: routed among the addresses below their limit (every
 * strategy, ROUND, LFU and LRU included, sees only those), and the chosen one's slot taken before
 * the call. An address another node filled meanwhile is left out and the run routed again — at most
 * once per address. With none left, the route has no candidates and the trigger fails saying so.
 */
async function routeWithinLimit(run: PreparedRun, deps: TriggerDeps): Promise<RoutedRun> {
  const slots = deps.addressSlots!
  const group = run.group!
  const max = group.maxConcurrent!
  const full = await slots.full(group.id, max, run.addresses)
  for (let tries = 0; tries <= run.addresses.length; tries++) {
    const open = run.addresses.filter((address) => !full.has(address))
    const routing = await routeOne(run, deps, open)
    const chosen = routing.route.chosen
    if (!chosen || open.length === 0) return routing
    if (await slots.take({ logId: run.logId, jobId: run.job.id, groupId: group.id, maxConcurrent: max }, chosen, deps.nowMs())) return routing
    full.add(chosen)
  }
  return routeOne(run, deps, [])
}

/** The request with its secrets and, for an LLM step, its provider put in (or why it may not leave). */
async function withSecretsAndLlm(param: TriggerParam, run: PreparedRun, address: string, deps: TriggerDeps) {
  const withSecrets = await requestWithSecrets(param, run, address, deps)
  return withSecrets.ok ? requestWithLlm(withSecrets.param, run, address, deps) : withSecrets
}

export function triggerParamOf(run: PreparedRun): TriggerParam {
  const { job } = run
  return {
    jobId: job.id,
    executorHandler: job.executorHandler,
    executorParams: run.executorParam,
    executorBlockStrategy: job.executorBlockStrategy,
    executorTimeout: job.executorTimeoutSec,
    logId: run.logId,
    logDateTime: run.triggerTimeMs,
    glueType: job.glueType,
    glueSource: job.glueType === 'BEAN' ? null : job.glueSource,
    glueUpdatetime: job.glueUpdatetimeMs,
    broadcastIndex: run.shardIndex,
    broadcastTotal: run.shardTotal,
  }
}

async function callRun(executors: ExecutorDirectory, run: PreparedRun, address: string, param: TriggerParam): Promise<ExecutorReply> {
  try {
    return await executorAt(executors, run.group, run.tokenless, address).run(param)
  } catch (error) {
    return failure(`calling ${address} failed: ${(error as Error).message}`)
  }
}
