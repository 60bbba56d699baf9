import { NotFoundError } from '../../shared/errors'
import type { JobGroup, JobInfo, TriggerType } from '../../shared/model'
import { splitAddressList } from '../store/group-repo'
import type { RingFire } from '../store/ring-repo'
import type { NewRun } from '../store/run-repo'
import type { Store } from '../store/store'
import { JobCache } from './job-cache'
import { formatShardingParam, planShards } from './sharding'

/** A run whose `job_log` row is written; what the trigger needs to route it and call its executor. */
export interface PreparedRun {
  logId: number
  job: JobInfo
  group: JobGroup | undefined
  triggerType: TriggerType
  triggerTimeMs: number
  executorParam: string
  /** The addresses routing chooses from: the group's list, or this trigger's override. */
  addresses: string[]
  addressOverride: boolean
  shardIndex: number
  shardTotal: number
  /** SHARDING_BROADCAST: the address of this shard, fixed when the row was written; else null. */
  shardAddress: string | null
  /** Retries still allowed after this attempt. */
  failRetryCount: number
}

/** A trigger outside the schedule: manual, API, retry, child. */
export interface OneOffTrigger {
  jobId: number
  triggerType: Exclude<TriggerType, 'CRON' | 'MISFIRE'>
  executorParam?: string
  /** Addresses for this trigger only (not saved); broadcast shards across them. */
  addressList?: string[]
  parentLogId?: number | null
  /** A retry keeps its shard: the failed run's `"i/n"`. */
  shardingParam?: string | null
  /** Retries still allowed after this attempt; default the job's own count. */
  failRetryCount?: number
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
}

/**
 * Claims ring fires and writes one run row per fire (one per shard for broadcast), in one
 * transaction. A fire whose claim fails (another process took it, or the job was stopped or edited
 * and its pending fires cancelled) or whose (job, scheduled time) already has a run is skipped.
 */
export function prepareScheduledRuns(
  store: Store,
  fires: readonly RingFire[],
  nowMs: number,
  jobs: JobCache = new JobCache(store),
): ScheduledRuns {
  return store.transaction(() => {
    const result: ScheduledRuns = { runs: [], unclaimed: 0, inactive: 0, duplicates: 0 }
    jobs.refresh()
    const groupOf = JobCache.groupLookup(store)
    for (const fire of fires) {
      if (!store.ring.claim(fire.jobId, fire.scheduleTimeMs)) {
        result.unclaimed++
        continue
      }
      const job = jobs.job(fire.jobId)
      if (!job || job.triggerStatus !== 1) {
        result.inactive++
        continue
      }
      const group = groupOf(job.jobGroup)
      const written = writeRuns(store, job, group, {
        triggerType: fire.triggerType,
        triggerTimeMs: nowMs,
        scheduleTimeMs: fire.scheduleTimeMs,
        executorParam: job.executorParam,
        addresses: splitAddressList(group?.addressList ?? ''),
        addressOverride: false,
        parentLogId: null,
        shardingParam: null,
        failRetryCount: job.executorFailRetryCount,
      })
      if (written.length === 0) result.duplicates++
      result.runs.push(...written)
    }
    return result
  })
}

/** Writes the run rows of a one-off trigger. Throws NotFoundError for an unknown job. */
export function prepareOneOffRuns(store: Store, trigger: OneOffTrigger, nowMs: number): PreparedRun[] {
  return store.transaction(() => {
    const job = store.jobs.get(trigger.jobId)
    if (!job) throw new NotFoundError(`job ${trigger.jobId} does not exist`)
    const group = store.groups.get(job.jobGroup)
    const override = trigger.addressList && trigger.addressList.length > 0
    return writeRuns(store, job, group, {
      triggerType: trigger.triggerType,
      triggerTimeMs: nowMs,
      scheduleTimeMs: null,
      executorParam: trigger.executorParam ?? job.executorParam,
      addresses: override ? [...trigger.addressList!] : splitAddressList(group?.addressList ?? ''),
      addressOverride: Boolean(override),
      parentLogId: trigger.parentLogId ?? null,
      shardingParam: trigger.shardingParam ?? null,
      failRetryCount: trigger.failRetryCount ?? job.executorFailRetryCount,
    })
  })
}

interface RunSpec {
  triggerType: TriggerType
  triggerTimeMs: number
  scheduleTimeMs: number | null
  executorParam: string
  addresses: string[]
  addressOverride: boolean
  parentLogId: number | null
  shardingParam: string | null
  failRetryCount: number
}

function writeRuns(store: Store, job: JobInfo, group: JobGroup | undefined, spec: RunSpec): PreparedRun[] {
  const broadcast = job.executorRouteStrategy === 'SHARDING_BROADCAST'
  // An empty list still gets one row, so the failed trigger ("registry address is empty") is visible.
  const shards =
    broadcast && (spec.addresses.length > 0 || spec.shardingParam)
      ? planShards(spec.addresses, spec.shardingParam)
      : [{ index: 0, total: 1, address: null }]
  const prepared: PreparedRun[] = []
  for (const shard of shards) {
    const row: NewRun = {
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
    }
    const logId = store.runs.insert(row)
    if (logId === null) continue
    prepared.push({
      logId,
      job,
      group,
      triggerType: spec.triggerType,
      triggerTimeMs: spec.triggerTimeMs,
      executorParam: spec.executorParam,
      addresses: spec.addresses,
      addressOverride: spec.addressOverride,
      shardIndex: shard.index,
      shardTotal: shard.total,
      shardAddress: broadcast ? shard.address : null,
      failRetryCount: spec.failRetryCount,
    })
  }
  return prepared
}
