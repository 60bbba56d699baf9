import type { ProbeRequest, ProbeResult, RoutePreview } from '../../shared/api'
import { conflict, notFound } from '../../shared/messages/coded-errors'
import { HANDLE_CODE, runStatus, type JobRun } from '../../shared/model'
import type { RunWriter } from '../completion/run-writer'
import type { RunCompletion } from '../domain/runs'
import type { Repos } from '../store/store'
import { type ExecutorDirectory } from '../trigger/executor-directory'
import { isEmbeddedAddress } from '../domain/embedded-address'
import { createRouters } from '../trigger/routing'
import { coded } from '../../shared/messages'
import { runCandidates, type RunCandidates } from '../trigger/run-candidates'
import { routeRun, type RouteState } from '../trigger/route-run'

/** Operator actions on runs and executors: kill, probe, route preview. */
export class RunControl {
  constructor(
    private readonly store: Pick<Repos, 'runs' | 'groups' | 'jobs' | 'registry' | 'routes'>,
    private readonly executors: ExecutorDirectory,
    private readonly writer: RunWriter,
    private readonly nowMs: () => number,
  ) {}

  /** The previews' own routers: a dry run never shares state with the routers of real triggers. */
  private readonly routers = createRouters()

  /**
   * Kills a running run (XXL-JOB's logKill): `/kill` to its executor; when the executor accepts, the
   * run is completed as killed at once. The executor's own callback for the run (its "killed", or a
   * success that crossed the kill on the wire) is held back until then, so the run always ends with
   * the operator's kill and its message, whichever arrives first. A kill is a failure, so the job's
   * retries follow it as they follow any failure (XXL-JOB's way) unless `retry` is false: the run's
   * retries are then dropped before it ends.
   */
  async kill(logId: number, options: KillOptions = {}): Promise<JobRun> {
    let run = await this.store.runs.get(logId)
    if (!run) throw notFound('run.notFound', { id: logId })
    // Accepted by the embedded executor, its outcome still waiting for its completion: write it first.
    if (runStatus(run) === 'pending' && this.writer.holds(logId)) {
      await this.writer.writeHeld()
      run = (await this.store.runs.get(logId)) ?? run
    }
    if (runStatus(run) !== 'running') throw conflict('run.notRunning', { id: logId, status: runStatus(run) })
    const group = await this.store.groups.get(run.jobGroup)
    const executor = await this.executors.reachRun(run, group)
    this.writer.beginKill(logId)
    let killed: RunCompletion | null = null
    try {
      const reply = await executor.kill(run.jobId)
      if (reply.code !== 200) throw conflict('run.killRefused', { address: run.executorAddress, msg: reply.msg ?? `code ${reply.code}` })
      const retry = options.retry ?? true
      if (!retry) await this.store.runs.dropRetries(logId)
      killed = { logId, handleCode: HANDLE_CODE.fail, handleMsg: killMessage(options.by ?? null, retry, reply.msg ?? reply.data), handleTimeMs: this.nowMs() }
    } finally {
      await this.writer.endKill(logId, killed)
    }
    return (await this.store.runs.get(logId))!
  }

  /** Probes an address; with the group's token only when the address is the group's (an admin may probe any address, without one). */
  async probe(request: ProbeRequest): Promise<ProbeResult> {
    const group = request.groupId === undefined ? undefined : await this.store.groups.get(request.groupId)
    const { executor, withToken } = await this.executors.reach(request.address, group)
    const startMs = performance.now()
    const reply = request.kind === 'beat' ? await executor.beat() : await executor.idleBeat(request.jobId ?? 0)
    return {
      code: reply.code,
      msg: reply.msg ?? (reply.code === 200 ? 'ok' : ''),
      latencyMs: Math.round((performance.now() - startMs) * 10) / 10,
      tokenSent: withToken && !isEmbeddedAddress(request.address),
    }
  }

  /**
   * Where a trigger of the job would go now, routed as the trigger routes it (the same candidates,
   * reachability and order) in a dry run: probes are made, but no ROUND position is reserved and no
   * use is counted.
   */
  async previewRoute(jobId: number, addressList?: string[]): Promise<RoutePreview> {
    const job = await this.store.jobs.get(jobId)
    if (!job) throw notFound('job.notFound', { id: jobId })
    const group = await this.store.groups.get(job.jobGroup)
    const candidates = await runCandidates(this.store, group, addressList)
    const strategy = job.executorRouteStrategy
    if (strategy === 'SHARDING_BROADCAST') return shardsPreview(candidates)
    const state = await this.dryRunState(jobId, strategy === 'ROUND')
    const { route } = await routeRun(
      { jobId, strategy, group, candidates, state, mode: 'dry-run' },
      { routers: this.routers, executors: this.executors, nowMs: this.nowMs },
    )
    const { candidates: routed, chosen, reason, probes, leftOut } = route
    return { strategy, candidates: routed, chosen, reason, probes, tokenless: [...candidates.tokenless], leftOut }
  }

  /** The job's routing state, read without reserving: the position its next ROUND run would get. */
  private async dryRunState(jobId: number, round: boolean): Promise<RouteState> {
    return { roundPosition: round ? await this.store.routes.nextPosition(jobId) : null, usesOf: (id) => this.store.routes.usesOf(id) }
  }
}

export interface KillOptions {
  /** Default true: the job's retries follow the kill as they follow a failure. */
  retry?: boolean
  /** Who killed it, for the run's message: a person's name, or what acted (a maintenance window). */
  by?: string
}

/**
 * The message a killed run ends with: who killed it, whether retries were dropped, and what the
 * executor said — unless that is only its generic "Success", which read as "kill job: Success".
 * "killed" is one of the markers that tell a kill (shared/run-kill.ts).
 */
export function killMessage(by: string | null, retry: boolean, executorSaid: unknown): string {
  const said = typeof executorSaid === 'string' ? executorSaid.trim() : ''
  const detail = said === '' || said.toLowerCase() === 'success' ? '' : ` (executor: ${said.slice(0, 200)})`
  return `Killed${by ? ` by ${by}` : ''}${retry ? '' : ', without retry'}${detail}`
}

/** A broadcast picks no address: one run per candidate, every one of them. */
function shardsPreview({ addresses, tokenless }: RunCandidates): RoutePreview {
  const reason =
    addresses.length === 0
      ? coded('routePreview.shardNone')
      : coded('routePreview.shards', { shards: addresses.map((a, i) => `${i}/${addresses.length} → ${a}`) })
  return { strategy: 'SHARDING_BROADCAST', candidates: [...addresses], chosen: null, reason, probes: [], tokenless: [...tokenless], leftOut: [] }
}
