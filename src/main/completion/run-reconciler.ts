import { HANDLE_CODE, type JobGroup, type JobRun, TRIGGER_CODE } from '../../shared/model'
import type { ExecutorApi } from '../executor/executor-api'
import type { Logger } from '../kernel/logger'
import type { RunCompletion } from '../domain/runs'
import type { Repos } from '../store/store'

/** Runs younger than this are not asked about: their executor has only just accepted them. */
const MIN_RUN_AGE_MS = 5_000
/** Jobs asked about per beat at most, so one executor with thousands of running runs costs little. */
const MAX_JOBS_PER_BEAT = 50

export interface RunReconcilerDeps {
  store: Pick<Repos, 'runs' | 'groups'>
  /** The client that reaches an executor address (the group's token and generation). */
  /** The executor at an address that just beat for `group` (so it is the group's: its token goes along). */
  executorFor(address: string, group: JobGroup | undefined): Promise<ExecutorApi>
  logger: Logger
  /**
   * How long a run its executor no longer has may stay running, for a callback still on its way (an
   * agent retries spooled callbacks every 30 s) before it ends as lost.
   */
  graceMs: number
}

interface Suspect {
  address: string
  sinceMs: number
}

/**
 * Ends runs that will never finish although their executor is alive: an agent restarted on the same
 * address (its runs died with it, and no registry gap ever made them look lost), or came back after
 * the dead timeout. On a beat from an address that holds runs JobDesk still thinks are running, it
 * asks the executor (`idleBeat` for each such job); a job the executor reports idle has no run
 * there, so its runs become suspects, and a suspect still running after the grace period ends as
 * lost, with a message that says why. A busy answer clears the job's suspects.
 */
export class RunReconciler {
  private readonly suspects = new Map<number, Suspect>()
  private readonly inFlight = new Set<string>()

  constructor(private readonly deps: RunReconcilerDeps) {}

  /** Called on every beat of a LAN executor; asks in the background, never throws. */
  onBeat(appName: string, address: string, nowMs: number): void {
    if (this.inFlight.has(address)) return
    this.inFlight.add(address)
    void this.ask(appName, address, nowMs)
      .catch((error) => this.deps.logger.warn('asking an executor about its runs failed', { address, error: (error as Error).message }))
      .finally(() => this.inFlight.delete(address))
  }

  /** Runs suspected for longer than the grace period and still running: their completions as lost. */
  async due(nowMs: number): Promise<RunCompletion[]> {
    const lost: RunCompletion[] = []
    for (const [logId, suspect] of this.suspects) {
      if (nowMs - suspect.sinceMs < this.deps.graceMs) continue
      this.suspects.delete(logId)
      const run = await this.deps.store.runs.get(logId)
      if (!run || run.handleCode !== HANDLE_CODE.none || run.triggerCode !== TRIGGER_CODE.success) continue
      lost.push({
        logId,
        handleCode: HANDLE_CODE.fail,
        handleMsg:
          `Job result lost, marked as failure: the executor ${suspect.address} is alive but no longer has this run ` +
          `(it reported job ${run.jobId} idle), and no callback arrived within ${Math.round(this.deps.graceMs / 1000)} s; ` +
          'the executor was probably restarted while the run was running.',
        handleTimeMs: nowMs,
      })
    }
    return lost
  }

  private async ask(appName: string, address: string, nowMs: number): Promise<void> {
    const running = await this.deps.store.runs.findRunningOn(address, nowMs - MIN_RUN_AGE_MS)
    if (running.length === 0) return
    const group = await this.deps.store.groups.findByAppName(appName)
    const executor = await this.deps.executorFor(address, group)
    const byJob = new Map<number, JobRun[]>()
    for (const run of running) byJob.set(run.jobId, [...(byJob.get(run.jobId) ?? []), run])
    for (const [jobId, runs] of [...byJob].slice(0, MAX_JOBS_PER_BEAT)) {
      const reply = await executor.idleBeat(jobId)
      for (const run of runs) {
        if (reply.code === 200) {
          if (!this.suspects.has(run.id)) this.suspects.set(run.id, { address, sinceMs: nowMs })
        } else {
          this.suspects.delete(run.id)
        }
      }
    }
  }
}
