import { splitAddressList } from '../../shared/address-list'
import { splitAlarmTargets } from '../../shared/alarm-targets'
import { DEADLINE_MISS_KINDS, RUN_MARK, type DeadlineMissKind } from '../../shared/deadline-terms'
import type { DeadlineNoticeFacts } from '../completion/alarms/alarm-types'
import { sleepUntil, type Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { Watched, WatchedRun } from '../store/deadline-repo'
import type { Repos } from '../store/store'
import { deadlinesOf, missesAt, nextCheckMs, p95Ms, SLOW_SAMPLE_SIZE } from './deadline-decisions'

/** How far back open runs are looked at: a finishBy falls at most a day after the scheduled time, plus a day of start deadline. */
const LOOKBACK_MS = 2 * 86_400_000
/**
 * Where a monitor that starts looking (or takes over) begins: the job runs written this long ago, and
 * the flow runs ended since; each later look reads again what ended this long before the last one
 * (a callback's row lands a little after its handle time).
 */
const ENDED_OVERLAP_MS = 5 * 60_000
/** Runs read per owner kind and pass; more wait for the next pass. */
const RUN_BATCH = 2_000
/** Job runs followed for a deadline still to fall; past it, the open-run reads still find the open ones. */
const FOLLOW_MAX = 10_000

/** Starts the monitor's loop; stop() ends it once the warnings under way are handed over. */
export function startDeadlineMonitor(deps: DeadlineMonitorDeps): { stop(): Promise<void> } {
  const stop = new AbortController()
  const loop = new DeadlineMonitor(deps).run(stop.signal)
  return {
    async stop() {
      stop.abort()
      await loop
    },
  }
}

export interface DeadlineMonitorDeps {
  store: Pick<Repos, 'deadlines'>
  clock: Clock
  logger: Logger
  /** Whether this node does the cluster's periodic work now (one node at a time); the marks' compare-and-set makes a hand-over safe. */
  membership: { doesPeriodicWork(): boolean }
  /** Sends the warning on the alarm channels; never rejects (AlarmService.sendDeadlineNotice). */
  send: (notice: DeadlineNoticeFacts) => Promise<boolean>
  /** Counts a miss (jobdesk_deadline_misses_total{kind}). */
  counted: (kind: DeadlineMissKind) => void
  /** A run got a mark: the consoles showing it re-read it. */
  marked: (target: 'job' | 'flow', runId: number, ownerId: number) => void
  /** The zone a flow without one of its own reads its finishBy in (the server's). */
  defaultTimezone: () => string
  /** How often it looks when no deadline falls sooner (MonitorTimings.deadlinePeriodMs, 10 s). */
  periodMs: number
}

/**
 * Finds runs past a deadline or slower than usual (docs/deadlines.md) and warns once per run and
 * kind: the mark is set by compare-and-set, and only the node that set it counts and sends. Only
 * jobs and flows with a term on are read, and nothing on the fire path changes. It never kills.
 */
export class DeadlineMonitor {
  private endedSinceMs: number | null = null
  /** The last job run id looked at (null: start from the runs written in the last minutes). */
  private afterRunId: number | null = null
  /** Job runs with a deadline still to fall: looked at again until it has, ended or not. */
  private readonly following = new Set<number>()
  private readonly sending = new Set<Promise<void>>()

  constructor(private readonly deps: DeadlineMonitorDeps) {}

  /** One look at `nowMs`; resolves with when the next deadline falls (null: none known). */
  async pass(nowMs: number): Promise<number | null> {
    if (!this.deps.membership.doesPeriodicWork()) {
      // Another node looks now; when this one takes over it starts afresh from the open runs.
      this.endedSinceMs = null
      this.afterRunId = null
      this.following.clear()
      return null
    }
    const { deadlines } = this.deps.store
    let next: number | null = null
    const keep = (at: number | null) => {
      if (at !== null && (next === null || at < next)) next = at
    }
    const jobs = await deadlines.watchedJobs()
    if (jobs.length > 0) keep(await this.judge('job', jobs, await this.jobRunsToJudge(jobs, nowMs), nowMs))
    else this.following.clear()
    const flows = await deadlines.watchedFlows()
    if (flows.length > 0) {
      const runs = await deadlines.flowRuns(
        flows.map((f) => f.id),
        nowMs - LOOKBACK_MS,
        this.endedSinceMs ?? nowMs - ENDED_OVERLAP_MS,
        RUN_BATCH,
      )
      keep(await this.judge('flow', flows, runs, nowMs))
    }
    this.endedSinceMs = nowMs - ENDED_OVERLAP_MS
    return next
  }

  /**
   * The job runs to look at: the open ones (through the open-run indexes), those written since the
   * last look (an id cursor on each job's own index), and those still followed because a deadline
   * of theirs had not fallen yet (they may have ended since). Never a scan of the jobs' history.
   */
  private async jobRunsToJudge(jobs: readonly Watched[], nowMs: number): Promise<WatchedRun[]> {
    const { deadlines } = this.deps.store
    const ids = jobs.map((j) => j.id)
    this.afterRunId ??= await deadlines.lastJobRunIdBefore(nowMs - ENDED_OVERLAP_MS)
    const open = await deadlines.openJobRuns(ids, nowMs - LOOKBACK_MS, RUN_BATCH)
    const fresh = await deadlines.jobRunsAfter(ids, this.afterRunId, RUN_BATCH)
    if (fresh.length > 0) this.afterRunId = fresh[fresh.length - 1].id
    const seen = new Set([...open, ...fresh].map((r) => r.id))
    const followed = await deadlines.jobRunsById([...this.following].filter((id) => !seen.has(id)))
    const byId = new Map([...followed, ...fresh, ...open].map((r) => [r.id, r]))
    return [...byId.values()]
  }

  /** Loops until `signal` aborts: a pass each period, or sooner when a deadline falls first. */
  async run(signal: AbortSignal): Promise<void> {
    const { clock, logger } = this.deps
    const { periodMs } = this.deps
    let wakeAtMs = clock.nowMs() + periodMs
    while (!signal.aborted) {
      await sleepUntil(clock, wakeAtMs, signal)
      if (signal.aborted) break
      const nowMs = clock.nowMs()
      try {
        const due = await this.pass(nowMs)
        wakeAtMs = Math.min(nowMs + periodMs, due ?? Infinity)
        // A deadline that fell during the pass: look again at once, not in a tight loop on the same instant.
        if (wakeAtMs <= nowMs) wakeAtMs = nowMs + 1
      } catch (error) {
        logger.error('deadline pass failed', { error: (error as Error).message })
        wakeAtMs = nowMs + periodMs
      }
    }
    await this.settled()
  }

  /** Resolves when every warning started so far has been handed to the channels. */
  async settled(): Promise<void> {
    while (this.sending.size > 0) await Promise.all([...this.sending])
  }

  private async judge(target: 'job' | 'flow', owners: readonly Watched[], runs: readonly WatchedRun[], nowMs: number): Promise<number | null> {
    const byId = new Map(owners.map((o) => [o.id, o]))
    let next: number | null = null
    if (target === 'job') this.following.clear()
    for (const run of runs) {
      const owner = byId.get(run.ownerId)
      if (!owner) continue
      const { terms } = owner
      const zone = owner.timezone || this.deps.defaultTimezone()
      const times = { dueMs: run.dueMs, startedMs: run.startedMs || null, endedMs: run.endedMs || null }
      const p95 = terms.slowFactor > 0 && times.startedMs !== null && !(run.marks & RUN_MARK.slow) ? await this.p95Of(target, run) : null
      const runDeadlines = deadlinesOf(terms, zone, run.dueMs)
      const earned = missesAt(terms, runDeadlines, times, p95, nowMs) & ~run.marks
      for (const kind of DEADLINE_MISS_KINDS) {
        if (!(earned & RUN_MARK[kind])) continue
        const limitAtMs =
          kind === 'lateStart' ? runDeadlines.startByMs! : kind === 'lateFinish' ? runDeadlines.finishByMs! : times.startedMs! + terms.slowFactor * p95!
        await this.raise(target, owner, run, kind, { limitAtMs, p95Ms: kind === 'slow' ? p95! : 0 })
      }
      const at = nextCheckMs(terms, runDeadlines, times, p95, run.marks | earned)
      if (at !== null && (next === null || at < next)) next = at
      if (at !== null && target === 'job' && this.following.size < FOLLOW_MAX) this.following.add(run.id)
    }
    return next
  }

  private async p95Of(target: 'job' | 'flow', run: WatchedRun): Promise<number | null> {
    const { deadlines } = this.deps.store
    const durations =
      target === 'job'
        ? await deadlines.jobDurations(run.ownerId, run.id, SLOW_SAMPLE_SIZE)
        : await deadlines.flowDurations(run.ownerId, run.id, SLOW_SAMPLE_SIZE)
    return p95Ms(durations)
  }

  private async raise(
    target: 'job' | 'flow',
    owner: Watched,
    run: WatchedRun,
    kind: DeadlineMissKind,
    limit: { limitAtMs: number; p95Ms: number },
  ): Promise<void> {
    const { store, logger } = this.deps
    // Compare-and-set: of the nodes that see the miss, one sets the mark, and only it warns.
    const won = target === 'job' ? await store.deadlines.markJobRun(run.id, kind) : await store.deadlines.markFlowRun(run.id, kind)
    if (!won) return
    this.deps.counted(kind)
    this.deps.marked(target, run.id, owner.id)
    const targets = target === 'job' ? splitAlarmTargets(owner.alarmEmail) : { emails: splitAddressList(owner.alarmEmail), imChannels: [] }
    const notice: DeadlineNoticeFacts = {
      kind,
      target,
      runId: run.id,
      ownerId: owner.id,
      ownerName: owner.name,
      alarmEmails: targets.emails,
      imChannels: targets.imChannels,
      dueAtMs: run.dueMs,
      limitAtMs: Math.round(limit.limitAtMs),
      p95Ms: limit.p95Ms,
      slowFactor: owner.terms.slowFactor,
    }
    logger.warn('deadline missed', { kind, target, runId: run.id, ownerId: owner.id })
    // In the background: a slow SMTP server must not hold up the next deadline.
    const sending: Promise<void> = this.deps
      .send(notice)
      .then((ok) => {
        if (!ok) logger.warn('deadline warning not delivered everywhere', { kind, target, runId: run.id })
      })
      .catch((error: unknown) => logger.error('sending a deadline warning failed', { runId: run.id, error: String(error) }))
      .finally(() => this.sending.delete(sending))
    this.sending.add(sending)
  }
}
