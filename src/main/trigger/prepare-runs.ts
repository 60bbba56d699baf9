import { NotFoundError } from '../../shared/errors'
import type { JobCapacityFields } from '../../shared/capacity'
import type { JobGroup, JobRun, TriggerType } from '../../shared/model'
import { ringKey, type RingFire } from '../domain/fires'
import type { FlowStepClaim } from '../domain/flows'
import type { NewRun } from '../domain/runs'
import type { Repos } from '../store/store'
import { JobCache } from './job-cache'
import { owesFire, type TriggerJob } from './trigger-job'
import { formatShardingParam, planShards } from './sharding'
import { withScheduleValues } from './schedule-params'
import { typedRunOf } from './typed-run-params'
import { declaresParams } from '../../shared/job-params'
import { invalidField } from '../../shared/messages/coded-errors'
import { groupCandidates, runCandidates, type RunCandidates } from './run-candidates'
import { queueWhatWaits, type WrittenRun } from '../capacity/queue-runs'
import { triggerCapacityOf, withGroupLimit } from '../capacity/slot-needs'
import { notPermitted } from '../../shared/messages/coded-errors'
import { secretNamesIn } from '../secrets/resolve-secrets'
import { envSecretNames } from '../../shared/secret-names'
import { mayNameSecrets } from '../../shared/secret-names'
import { isLlmStep } from '../../shared/llm-provider'

/** A run whose `job_log` row is written; what the trigger needs to route it and call its executor. */
export interface PreparedRun extends RunCandidates, WrittenRun {
  logId: number
  job: TriggerJob
  group: JobGroup | undefined
  triggerType: TriggerType
  triggerTimeMs: number
  /** The scheduled time a CRON or MISFIRE run is for, a BACKFILL run's slot; null for other triggers. */
  scheduleTimeMs: number | null
  executorParam: string
  shardIndex: number
  shardTotal: number
  /** SHARDING_BROADCAST: the address of this shard, fixed when the row was written; else null. */
  shardAddress: string | null
  /** Retries still allowed after this attempt. */
  failRetryCount: number
  /** ROUND: this run's position in the job's sequence, reserved with its row (shared by every node). */
  roundPosition: number | null
}

/** What writing run rows needs: the rows, the jobs and groups they are for, ROUND's sequence, the registry (what an override may reach), a flow node's claim. */
export type RunRepos = Pick<Repos, 'runs' | 'jobs' | 'groups' | 'routes' | 'registry' | 'flowRuns' | 'flowItems' | 'pools' | 'poolSlots'>
/** Writing scheduled runs also claims their ring fires and checks the jobs' version. */
export type ScheduledRunRepos = RunRepos & Pick<Repos, 'ring' | 'versions'>

/** A new job's ROUND sequence starts at a random 0…99 (XXL-JOB's start), so jobs spread. */
const randomRoundStart = () => Math.floor(Math.random() * 100)

/** A trigger outside the schedule: manual, API, retry, child, flow node, backfill slot. */
export interface OneOffTrigger {
  jobId: number
  triggerType: Exclude<TriggerType, 'CRON' | 'MISFIRE'>
  executorParam?: string
  /**
   * The typed values of a job that declares params (docs/parameters.md), checked and formatted
   * into its parameter here; absent with no executorParam: the defaults (a backfill's dates: its slot).
   */
  params?: Record<string, unknown>
  /** Addresses for this trigger only (not saved); broadcast shards across them. */
  addressList?: string[]
  parentLogId?: number | null
  /** A retry keeps its shard: the failed run's `"i/n"`. */
  shardingParam?: string | null
  /** Retries still allowed after this attempt; default the job's own count. */
  failRetryCount?: number
  /** A flow node's run (trigger type FLOW, or RETRY of one): written only with the node's claim. */
  flowStep?: FlowStepClaim
  /** The slot `${schedule.time}` and `${schedule.date}` stand for (a flow run's scheduled time); default: now. */
  scheduleSlotMs?: number
  /**
   * A backfill's slot (trigger type BACKFILL): the row is written with the slot as its scheduled
   * time and the backfill's id, which the unique (job, scheduled time, shard, backfill) key makes
   * the slot's one run; the parameter's `${schedule.…}` name the slot.
   */
  backfill?: { id: number; slotMs: number }
  /** A flow node's pools and priority, in place of its job's (docs/capacity.md). */
  capacity?: Pick<JobCapacityFields, 'pools' | 'priority'>
}

/**
 * A flow node's run lost its claim: another node (or an earlier call) started the node, or the
 * flow run ended meanwhile. The transaction rolls back; the trigger writes nothing.
 */
export class FlowStepTaken extends Error {
  constructor(readonly step: FlowStepClaim) {
    const what = step.item ? `node ${step.key} item ${step.item.index}` : `node ${step.key}`
    super(`flow run ${step.flowRunId} ${what} attempt ${step.attempt} is not ${step.first ? 'pending' : 'running'}`)
  }
}

/** What became of a batch of ring fires. */
export interface ScheduledRuns {
  runs: PreparedRun[]
  /** Fires another process had claimed, or cancelled by a stop or schedule edit. */
  unclaimed: number
  /** Fires of jobs stopped or deleted since they were planned. */
  inactive: number
  /** Fires whose (job, scheduled time) already had a run: stopped by the unique index. */
  duplicates: number
  /** Runs written as queued (in `runs`, marked `queued`: not dispatched; the queue runner starts them). */
  queued: number
}

/**
 * Claims ring fires of `node`'s ring and writes one run row per fire (one per shard for broadcast),
 * marked as `node`'s to trigger, inside the caller's transaction. A fire whose claim fails (another
 * node took it, or the job was stopped or edited and its pending fires cancelled) or whose (job,
 * scheduled time) already has a run is skipped.
 */
export async function prepareScheduledRuns(
  tx: ScheduledRunRepos,
  fires: readonly RingFire[],
  nowMs: number,
  node: string,
  jobs: JobCache = new JobCache(),
): Promise<ScheduledRuns> {
  const result: ScheduledRuns = { runs: [], unclaimed: 0, inactive: 0, duplicates: 0, queued: 0 }
  await jobs.refresh(tx)
  const groupOf = JobCache.groupLookup(tx)
  const planned: { job: TriggerJob; group: JobGroup | undefined; spec: RunSpec }[] = []
  // A group's address list is split once per batch: its runs share the (read-only) list.
  const candidatesByGroup = new Map<JobGroup | undefined, RunCandidates>()
  const candidatesOf = (group: JobGroup | undefined): RunCandidates => {
    let candidates = candidatesByGroup.get(group)
    if (!candidates) candidatesByGroup.set(group, (candidates = groupCandidates(group)))
    return candidates
  }
  // One claim for the batch; a fire listed twice is claimed once (the first takes the key).
  const claimed = await tx.ring.claimMany(fires, node)
  await jobs.load(
    tx,
    fires.map((fire) => fire.jobId),
  )
  for (const fire of fires) {
    if (!claimed.delete(ringKey(fire.jobId, fire.scheduleTimeMs))) {
      result.unclaimed++
      continue
    }
    const job = jobs.cached(fire.jobId) ?? (await jobs.job(tx, fire.jobId))
    if (!job || !owesFire(job, fire.scheduleTimeMs)) {
      result.inactive++
      continue
    }
    const known = groupOf(job.jobGroup)
    const group = known instanceof Promise ? await known : known
    planned.push({
      job,
      group,
      spec: {
        triggerType: fire.triggerType,
        triggerTimeMs: nowMs,
        scheduleTimeMs: fire.scheduleTimeMs,
        executorParam: withScheduleValues(job.executorParam, fire.scheduleTimeMs, job.timezone),
        ...candidatesOf(group),
        parentLogId: null,
        shardingParam: null,
        failRetryCount: job.executorFailRetryCount,
      },
    })
  }
  const rows = planned.flatMap(({ job, spec }) => rowsOf(job, spec))
  const ids = await tx.runs.insertScheduled(
    rows.map((r) => r.row),
    node,
  )
  const positions = await reserveRoundPositions(
    tx,
    rows.map((r, i) => (ids[i] === null ? null : r.row.jobId)),
    planned,
  )
  let index = 0
  for (const { job, group, spec } of planned) {
    const before = result.runs.length
    for (const shard of shardsOf(job, spec)) {
      const logId = ids[index]
      const position = positions[index++]
      if (logId !== null) result.runs.push(preparedRun(logId, job, group, spec, shard, position))
    }
    if (result.runs.length === before) result.duplicates++
  }
  result.queued = await queueWhatWaits(tx, result.runs, capacityOfRun, NO_PARENT, nowMs)
  return result
}

/** Scheduled runs are never retries: they take no failed run's slots. */
const NO_PARENT = () => null

/** A run's job's capacity with its group's limit; for most runs, the job's (absent) as it is. */
const capacityOfRun = (run: PreparedRun) => withGroupLimit(run.job.capacity, run.group, run.addresses.length)

/**
 * Writes the run rows of a one-off trigger inside the caller's transaction, as `node`'s to trigger.
 * Throws NotFoundError for an unknown job. Override addresses outside the group are kept apart as
 * `tokenless` (the caller's rules let only an admin name them).
 */
export async function prepareOneOffRuns(tx: RunRepos, trigger: OneOffTrigger, nowMs: number, node: string): Promise<PreparedRun[]> {
  const job = await tx.jobs.get(trigger.jobId)
  if (!job) throw new NotFoundError(`job ${trigger.jobId} does not exist`, { code: 'job.notFound', params: { id: trigger.jobId } })
  const group = await tx.groups.get(job.jobGroup)
  const slotMs = trigger.backfill?.slotMs ?? trigger.scheduleSlotMs ?? nowMs
  // A given text (a flow node's, a rerun's, a retry's) is sent as it is; else a job with declared params formats its values.
  if (trigger.params !== undefined && !declaresParams(job)) throw invalidField('params', 'params.notDeclared')
  const typed =
    declaresParams(job) && (trigger.params !== undefined || trigger.executorParam === undefined)
      ? typedRunOf(job, trigger.params, trigger.backfill?.slotMs ?? null, trigger.triggerType === 'MANUAL' || trigger.triggerType === 'API')
      : null
  const spec: RunSpec = {
    triggerType: trigger.triggerType,
    triggerTimeMs: nowMs,
    scheduleTimeMs: trigger.backfill?.slotMs ?? null,
    backfillId: trigger.backfill?.id,
    executorParam: withScheduleValues(typed?.param ?? trigger.executorParam ?? job.executorParam, slotMs, job.timezone),
    ...(typed ? { typedParams: JSON.stringify(typed.recorded) } : {}),
    ...(await runCandidates(tx, group, trigger.addressList)),
    parentLogId: trigger.parentLogId ?? null,
    shardingParam: trigger.shardingParam ?? null,
    failRetryCount: trigger.failRetryCount ?? job.executorFailRetryCount,
  }
  refuseSecretsOutsideGroup(spec, job)
  const rows = rowsOf(job, spec)
  if (trigger.flowStep) await claimFlowStep(tx, trigger.flowStep, nowMs)
  const ids: (number | null)[] = []
  for (const { row } of rows) ids.push(await tx.runs.insert(row, node))
  if (trigger.flowStep) {
    const { flowRunId, key, attempt, item } = trigger.flowStep
    const written = ids.filter((id) => id !== null)
    await tx.flowRuns.insertSteps(written.map((logId) => ({ logId, flowRunId, key, attempt, ...(item && { item: item.index }) })))
    if (item && written.length > 0) await tx.flowItems.setRun(flowRunId, key, attempt, item.index, written[written.length - 1])
  }
  const positions = await reserveRoundPositions(
    tx,
    rows.map((r, i) => (ids[i] === null ? null : r.row.jobId)),
    [{ job }],
  )
  const prepared: PreparedRun[] = []
  shardsOf(job, spec).forEach((shard, i) => {
    if (ids[i] !== null) prepared.push(preparedRun(ids[i]!, job, group, spec, shard, positions[i]))
  })
  // The job was read whole here (not from the cache): its capacity is worked out once for its shards.
  const own = trigger.capacity
  const fields = own ? { id: job.id, pools: own.pools ?? job.pools, priority: own.priority ?? job.priority, maxConcurrent: job.maxConcurrent } : job
  const capacity = withGroupLimit(triggerCapacityOf(fields), group, spec.addresses.length)
  if (capacity)
    await queueWhatWaits(
      tx,
      prepared,
      () => capacity,
      () => spec.parentLogId,
      nowMs,
    )
  return prepared
}

/**
 * A run naming a secret goes only to its group's own addresses: an override that names another is
 * refused before anything is written (the guard records the refusal), not sent on without the value.
 * An LLM step likewise: it carries its group's provider and key (docs/llm-steps.md).
 */
function refuseSecretsOutsideGroup(spec: Pick<RunSpec, 'executorParam' | 'tokenless'>, job: Pick<TriggerJob, 'env' | 'glueType' | 'executorHandler'>): void {
  if (spec.tokenless.length === 0) return
  if (isLlmStep(job)) throw notPermitted('llm.overrideRefused', { addresses: spec.tokenless.join(', ') })
  const named = envSecretNames(job.env).length > 0 || (mayNameSecrets(spec.executorParam) && secretNamesIn(spec.executorParam).length > 0)
  if (!named) return
  throw notPermitted('secret.overrideRefused', { addresses: spec.tokenless.join(', ') })
}

/** The first run of a node's attempt claims it (pending → running); a retry proves the attempt still runs. */
async function claimFlowStep(tx: RunRepos, step: FlowStepClaim, nowMs: number): Promise<void> {
  if (step.item) return claimFlowItem(tx, step, step.item, nowMs)
  const claimed = step.first
    ? await tx.flowRuns.claimNode(step.flowRunId, step.key, step.attempt, 'running', nowMs)
    : await tx.flowRuns.setNodeState(step.flowRunId, step.key, ['running'], step.attempt, 'running')
  if (!claimed) throw new FlowStepTaken(step)
}

/** A fan-out item's first run claims the item within the node's cap; a retry proves the item still runs. */
async function claimFlowItem(tx: RunRepos, step: FlowStepClaim, item: { index: number; cap: number }, nowMs: number): Promise<void> {
  const { flowRunId, key, attempt } = step
  const claimed = step.first
    ? await tx.flowItems.claim(flowRunId, key, attempt, item.index, item.cap, nowMs)
    : await tx.flowItems.stillRunning(flowRunId, key, attempt, item.index)
  if (!claimed) throw new FlowStepTaken(step)
}

/**
 * The runs a dead node wrote and never triggered, taken over by this node (`RunRepo.takeOverPending`):
 * rebuilt from their rows for the trigger pool, routed over their group's addresses as now registered
 * (a shard keeps its index, as a retry of it does). A run whose job is gone or stopped is left out.
 */
export async function prepareTakenOverRuns(
  tx: Pick<Repos, 'runs' | 'jobs' | 'groups' | 'routes' | 'versions'>,
  logIds: readonly number[],
  jobs: JobCache = new JobCache(),
): Promise<PreparedRun[]> {
  await jobs.refresh(tx)
  const groupOf = JobCache.groupLookup(tx)
  const found: { run: JobRun; job: TriggerJob; group: JobGroup | undefined }[] = []
  const runs = await tx.runs.getMany(logIds)
  await jobs.load(
    tx,
    runs.map((run) => run.jobId),
  )
  for (const run of runs) {
    const job = await jobs.job(tx, run.jobId)
    if (job) found.push({ run, job, group: await groupOf(job.jobGroup) })
  }
  const positions = await reserveRoundPositions(
    tx,
    found.map((f) => f.job.id),
    found,
  )
  return found.map(({ run, job, group }, i) => {
    const spec: RunSpec = {
      triggerType: run.triggerType,
      triggerTimeMs: run.triggerTimeMs,
      scheduleTimeMs: run.scheduleTimeMs,
      executorParam: run.executorParam,
      ...groupCandidates(group),
      parentLogId: run.parentLogId,
      shardingParam: run.executorShardingParam || null,
      failRetryCount: run.executorFailRetryCount,
    }
    return preparedRun(run.id, job, group, spec, shardsOf(job, spec)[0], positions[i])
  })
}

interface RunSpec extends RunCandidates {
  triggerType: TriggerType
  triggerTimeMs: number
  scheduleTimeMs: number | null
  backfillId?: number
  executorParam: string
  typedParams?: string
  parentLogId: number | null
  shardingParam: string | null
  failRetryCount: number
}

type Shard = { readonly index: number; readonly total: number; readonly address: string | null }

/** Every run that is not a broadcast is this one shard (one list for all, not two objects per fire). */
const ONE_SHARD: readonly Shard[] = Object.freeze([Object.freeze({ index: 0, total: 1, address: null })])

function shardsOf(job: TriggerJob, spec: RunSpec): readonly Shard[] {
  const broadcast = job.executorRouteStrategy === 'SHARDING_BROADCAST'
  // An empty list still gets one row, so the failed trigger ("registry address is empty") is visible.
  return broadcast && (spec.addresses.length > 0 || spec.shardingParam) ? planShards(spec.addresses, spec.shardingParam) : ONE_SHARD
}

function rowsOf(job: TriggerJob, spec: RunSpec): { row: NewRun }[] {
  const broadcast = job.executorRouteStrategy === 'SHARDING_BROADCAST'
  return shardsOf(job, spec).map((shard) => ({
    row: {
      jobGroup: job.jobGroup,
      jobId: job.id,
      executorHandler: job.executorHandler,
      executorParam: spec.executorParam,
      executorShardingParam: broadcast ? formatShardingParam(shard.index, shard.total) : '',
      executorFailRetryCount: spec.failRetryCount,
      triggerTimeMs: spec.triggerTimeMs,
      triggerType: spec.triggerType,
      scheduleTimeMs: spec.scheduleTimeMs,
      parentLogId: spec.parentLogId,
      ...(spec.backfillId ? { backfillId: spec.backfillId } : {}),
      ...(spec.typedParams !== undefined ? { typedParams: spec.typedParams } : {}),
    },
  }))
}

/**
 * ROUND positions for the written rows (null where a row was not written, or its job does not route
 * ROUND): one reservation per job per batch, in the batch's transaction, so the positions of one
 * job's runs are consecutive and no two nodes get the same one.
 */
async function reserveRoundPositions(
  tx: Pick<Repos, 'routes'>,
  jobIdOfRow: readonly (number | null)[],
  planned: readonly { job: TriggerJob }[],
): Promise<(number | null)[]> {
  const round = new Set(planned.filter((p) => p.job.executorRouteStrategy === 'ROUND').map((p) => p.job.id))
  const counts = new Map<number, number>()
  for (const jobId of jobIdOfRow) if (jobId !== null && round.has(jobId)) counts.set(jobId, (counts.get(jobId) ?? 0) + 1)
  const next = new Map<number, number>()
  for (const [jobId, count] of counts) next.set(jobId, await tx.routes.reserveSequence(jobId, count, randomRoundStart()))
  return jobIdOfRow.map((jobId) => {
    if (jobId === null || !next.has(jobId)) return null
    const position = next.get(jobId)!
    next.set(jobId, position + 1)
    return position
  })
}

function preparedRun(logId: number, job: TriggerJob, group: JobGroup | undefined, spec: RunSpec, shard: Shard, roundPosition: number | null): PreparedRun {
  const broadcast = job.executorRouteStrategy === 'SHARDING_BROADCAST'
  return {
    logId,
    job,
    group,
    triggerType: spec.triggerType,
    triggerTimeMs: spec.triggerTimeMs,
    scheduleTimeMs: spec.scheduleTimeMs,
    executorParam: spec.executorParam,
    addresses: spec.addresses,
    addressOverride: spec.addressOverride,
    tokenless: spec.tokenless,
    shardIndex: shard.index,
    shardTotal: shard.total,
    shardAddress: broadcast ? shard.address : null,
    failRetryCount: spec.failRetryCount,
    roundPosition,
  }
}
