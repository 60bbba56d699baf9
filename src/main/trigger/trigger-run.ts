import type { TriggerType } from '../../shared/model'
import { failure, type ExecutorReply, type TriggerParam } from '../executor/executor-api'
import type { TriggerOutcome } from '../store/run-repo'
import type { ExecutorDirectory } from './executor-directory'
import type { PreparedRun } from './prepare-runs'
import type { AddressUse } from '../store/route-repo'
import { formatRouteTrail, USE_TRACKING_STRATEGIES, type RouteProbe, type Routers } from './routing'

export interface TriggerDeps {
  routers: Routers
  executors: ExecutorDirectory
  nowMs: () => number
  /** The job's use of each address as the database keeps it (LFU, LRU read it before routing). */
  usesOf: (jobId: number) => Promise<AddressUse[]>
}

/** XXL-JOB's titles for trigger types, as shown in trigger_msg. */
export const TRIGGER_TYPE_TITLES: Record<TriggerType, string> = {
  CRON: 'Cron trigger',
  MISFIRE: 'Misfire compensation trigger',
  MANUAL: 'Manual trigger',
  API: 'Api trigger',
  RETRY: 'Fail retry trigger',
  PARENT: 'Parent job trigger',
}

/**
 * One trigger (reference §4.5 steps 3–6): route, call the executor's `/run`, and describe what
 * happened. The run row already exists; the outcome is recorded by the caller. Never throws: an
 * unreachable executor or a failed route is an outcome with code 500.
 */
export async function triggerRun(run: PreparedRun, deps: TriggerDeps): Promise<TriggerOutcome> {
  const { job, group } = run
  const lines = [
    `Trigger type: ${TRIGGER_TYPE_TITLES[run.triggerType]}`,
    `Executor group: ${group ? group.appName : `#${job.jobGroup} (missing)`} — ${registrationLabel(run)}`,
  ]

  let address: string | null
  if (job.executorRouteStrategy === 'SHARDING_BROADCAST') {
    address = run.shardAddress
    lines.push(
      'Route strategy: SHARDING_BROADCAST',
      `Candidates (${run.addresses.length}): ${run.addresses.join(', ') || '(none)'}`,
      address
        ? `Chosen: ${address}`
        : 'Chosen: (none)',
      address
        ? `Reason: shard ${run.shardIndex}/${run.shardTotal} goes to address ${run.shardIndex} of the list.`
        : 'Reason: Registry address is empty: the group has no executor address to route to.',
    )
  } else {
    // Another JobDesk process's embedded executor is in the group's list but reachable only by it.
    const addresses = run.addresses.filter((address) => deps.executors.canReach(address))
    if (addresses.length < run.addresses.length) {
      lines.push(`Left out: ${run.addresses.filter((a) => !addresses.includes(a)).join(', ')} (the embedded executor of another JobDesk process)`)
    }
    const probe = probeThrough(deps.executors, run)
    const strategy = job.executorRouteStrategy
    const uses = USE_TRACKING_STRATEGIES.has(strategy) ? await deps.usesOf(job.id) : undefined
    const trail = await deps.routers[strategy].route({
      jobId: job.id,
      addresses,
      nowMs: deps.nowMs(),
      probe,
      shared: { roundPosition: run.roundPosition ?? undefined, uses },
    })
    address = trail.chosen
    lines.push(formatRouteTrail(trail))
  }
  lines.push(
    `Block strategy: ${job.executorBlockStrategy}; timeout: ${job.executorTimeoutSec} s; retries left: ${run.failRetryCount}`,
  )

  if (!address) {
    lines.push('Trigger result: failed — no executor address (Trigger Fail)')
    return { logId: run.logId, executorAddress: '', triggerCode: 500, triggerMsg: lines.join('\n') }
  }

  const startedAt = performance.now()
  const reply = await callRun(deps.executors, run, address)
  const tookMs = (performance.now() - startedAt).toFixed(1)
  lines.push(
    reply.code === 200
      ? `Trigger result: accepted by the executor (code 200) in ${tookMs} ms`
      : `Trigger result: refused (code ${reply.code}) in ${tookMs} ms: ${reply.msg ?? ''}`,
  )
  return {
    logId: run.logId,
    executorAddress: address,
    triggerCode: reply.code === 200 ? 200 : 500,
    triggerMsg: lines.join('\n'),
    // LFU and LRU count the address in the database with the outcome's write, for every node.
    ...(USE_TRACKING_STRATEGIES.has(job.executorRouteStrategy as never) && reply.code === 200 ? { routeUse: { jobId: job.id, atMs: deps.nowMs() } } : {}),
  }
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

async function callRun(executors: ExecutorDirectory, run: PreparedRun, address: string): Promise<ExecutorReply> {
  try {
    return await executors.forAddress(address, run.group).run(triggerParamOf(run))
  } catch (error) {
    return failure(`calling ${address} failed: ${(error as Error).message}`)
  }
}

function probeThrough(executors: ExecutorDirectory, run: PreparedRun): RouteProbe {
  return {
    beat: (address) => executors.forAddress(address, run.group).beat(),
    idleBeat: (address, jobId) => executors.forAddress(address, run.group).idleBeat(jobId),
  }
}

function registrationLabel(run: PreparedRun): string {
  if (run.addressOverride) return 'address override for this trigger'
  return run.group?.addressType === 1 ? 'manual address list' : 'automatic registration'
}
