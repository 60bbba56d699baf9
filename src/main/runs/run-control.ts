import type { ProbeRequest, ProbeResult, RoutePreview } from '../../shared/api'
import { conflict, invalidField, notFound } from '../../shared/messages/coded-errors'
import { runStatus, type JobRun } from '../../shared/model'
import type { RunWriter } from '../completion/run-writer'
import type { RunCompletion } from '../domain/runs'
import type { Repos } from '../store/store'
import { splitAddressList } from '../../shared/address-list'
import { type ExecutorDirectory } from '../trigger/executor-directory'
import { isEmbeddedAddress } from '../domain/embedded-address'
import { createRouters, type SingleRouteStrategy } from '../trigger/routing'
import { coded, type MessageCode } from '../../shared/messages'

/** Strategies whose pick depends on the job's history or chance; a preview explains their rule. */
const HISTORY_RULES: Partial<Record<SingleRouteStrategy, MessageCode>> = {
  ROUND: 'routePreview.round',
  RANDOM: 'routePreview.random',
  LEAST_FREQUENTLY_USED: 'routePreview.leastFrequentlyUsed',
  LEAST_RECENTLY_USED: 'routePreview.leastRecentlyUsed',
}

/** Operator actions on runs and executors: kill, probe, route preview. */
export class RunControl {
  constructor(
    private readonly store: Pick<Repos, 'runs' | 'groups' | 'jobs'>,
    private readonly executors: ExecutorDirectory,
    private readonly writer: RunWriter,
    private readonly nowMs: () => number,
  ) {}

  /**
   * Kills a running run (XXL-JOB's logKill): `/kill` to its executor; when the executor accepts, the
   * run is completed as killed at once. The executor's own callback for the run (its "killed", or a
   * success that crossed the kill on the wire) is held back until then, so the run always ends with
   * the operator's kill and its message, whichever arrives first.
   */
  async kill(logId: number): Promise<JobRun> {
    const run = await this.store.runs.get(logId)
    if (!run) throw notFound('run.notFound', { id: logId })
    if (runStatus(run) !== 'running') throw conflict('run.notRunning', { id: logId, status: runStatus(run) })
    const group = await this.store.groups.get(run.jobGroup)
    const executor = await this.executors.reachRun(run, group)
    this.writer.beginKill(logId)
    let killed: RunCompletion | null = null
    try {
      const reply = await executor.kill(run.jobId)
      if (reply.code !== 200) throw conflict('run.killRefused', { address: run.executorAddress, msg: reply.msg ?? `code ${reply.code}` })
      const detail = reply.msg ?? (typeof reply.data === 'string' ? reply.data : 'killed')
      killed = { logId, handleCode: 500, handleMsg: `Manual operation, kill job: ${detail}`, handleTimeMs: this.nowMs() }
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

  async previewRoute(jobId: number, addressList?: string[]): Promise<RoutePreview> {
    const job = await this.store.jobs.get(jobId)
    if (!job) throw notFound('job.notFound', { id: jobId })
    const group = await this.store.groups.get(job.jobGroup)
    const override = addressList && addressList.length > 0
    const candidates = override ? addressList : splitAddressList(group?.addressList ?? '')
    // The group's own list is its by right; an (admin's) override may name others, probed without a token.
    const tokenless: string[] = []
    if (override) for (const address of candidates) if (!(await this.executors.entitled(address, group))) tokenless.push(address)
    const strategy = job.executorRouteStrategy
    if (strategy === 'SHARDING_BROADCAST') {
      return {
        strategy,
        candidates,
        chosen: null,
        reason:
          candidates.length === 0
            ? coded('routePreview.shardNone')
            : coded('routePreview.shards', { shards: candidates.map((a, i) => `${i}/${candidates.length} → ${a}`) }),
        probes: [],
        tokenless,
      }
    }
    const rule = HISTORY_RULES[strategy]
    if (rule) return { strategy, candidates, chosen: null, reason: coded(rule), probes: [], tokenless }
    if (candidates.some((a) => a.length > 500)) throw invalidField('addressList', 'route.addressTooLong', { max: 500 })
    const at = (address: string) => this.executors.forAddress(address, group, !tokenless.includes(address))
    // A fresh router set: the preview must not move ROUND/LFU/LRU state (those are answered above anyway).
    const trail = await createRouters()[strategy].route({
      jobId,
      addresses: candidates,
      nowMs: this.nowMs(),
      probe: {
        beat: (address) => at(address).beat(),
        idleBeat: (address, id) => at(address).idleBeat(id),
      },
    })
    return { strategy, candidates, chosen: trail.chosen, reason: trail.reason, probes: trail.probes, tokenless }
  }
}
