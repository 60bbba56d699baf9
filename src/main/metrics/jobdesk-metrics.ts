import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { MISFIRE_STRATEGIES, TRIGGER_TYPES, type AddressHealth, type TriggerType } from '../../shared/model'
import { ACTIVE_FLOW_RUN_STATES, FLOW_RUN_STATES } from '../../shared/flow-types'
import { SKIP_REASONS, type SkipReason } from '../../shared/calendar/skip-reasons'
import type { RunCompletion } from '../domain/runs'
import { RUN_ENDS, runEndOfCompletion, type RunEnd } from '../domain/run-end'
import { RunStarts } from './run-starts'
import { BucketHistogram } from './bucket-histogram'
import { withoutLabel } from './metrics-totals'
import { DEADLINE_MISS_KINDS, type DeadlineMissKind } from '../../shared/deadline-terms'
import type { PoolUsage } from '../../shared/capacity'

/** The label of the series kept per executor group (its app name): shown only to who sees every group. */
const GROUP_LABEL = 'group'

/** What the gauges read at each scrape (never on the hot path): the core's parts, as the composition wires them. */
export interface MetricSources {
  /** Fires in the scheduler's time ring, planned and not yet handed to the trigger service. */
  ringPending(): number
  /** Callbacks of the embedded executor not yet delivered to the run writer (0 without one). */
  callbackQueue(): number
  /** Every registered executor address of every group, with its health (a database read). */
  executors(): Promise<readonly { appName: string; health: AddressHealth }[]>
  /** The nodes of the cluster as of this node's last heartbeat, by name, and whether each holds its lease. */
  nodeLeases(): readonly { node: string; held: boolean }[]
  /** Every resource pool with the slots held of it and the runs waiting for it (a database read). */
  pools(): Promise<readonly PoolUsage[]>
}

/** prom-client's default gauges named like counters (see the constructor). */
const MISNAMED_DEFAULT_GAUGES = ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total']

/** The states a flow run ends in: each has its series from the first scrape. */
const ENDED_FLOW_RUN_STATES = FLOW_RUN_STATES.filter((state) => !(ACTIVE_FLOW_RUN_STATES as readonly string[]).includes(state))

/** A series written as 0 from the start, so a rate over it is defined before its first event. */
function zeroed<T extends { inc(n?: number): void }>(child: T): T {
  child.inc(0)
  return child
}

/** Before the core's parts exist (and in a core without them): nothing pending, nothing registered. */
const NO_SOURCES: MetricSources = { ringPending: () => 0, callbackQueue: () => 0, executors: async () => [], nodeLeases: () => [], pools: async () => [] }

/** Seconds: a fire is late by milliseconds when all is well, by seconds under load, by minutes after a stop. */
const LAG_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 300]
/** Seconds: jobs last from milliseconds (an HTTP call) to hours (a nightly batch). */
const DURATION_BUCKETS = [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600, 14_400]
/** Seconds: a batch of the run writer takes a millisecond or two; a database under strain far more. */
/** Seconds: a queued run waits a second when a pool is busy, minutes or hours when it is overbooked. */
const QUEUE_WAIT_BUCKETS = [0.1, 0.5, 1, 5, 10, 30, 60, 300, 900, 3600, 14_400]
const TRANSACTION_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 5]

/**
 * The node's Prometheus metrics (docs/operations.md says what each means). Counters and histograms
 * are fed where the database gets the same facts — run rows written, final states committed — so
 * they agree with job_log; gauges are read from the core at scrape time. No label names a job or a
 * run (the series would grow with them): trigger types, strategies, ends, group app names and node
 * names are few. Each core has a registry of its own (several cores share a test process).
 */
export class JobDeskMetrics {
  readonly registry = new Registry()
  private readonly fires: Record<TriggerType, { inc(n?: number): void }>
  private readonly runs: Record<RunEnd, { inc(n?: number): void }>
  private readonly misfires: Counter<'strategy'>
  private readonly skips: Record<SkipReason, { inc(n?: number): void }>
  private readonly lag: BucketHistogram
  private readonly durations: BucketHistogram
  private readonly transactions: Histogram
  private readonly flowRuns: Counter<'state'>
  private readonly deadlineMisses: Record<DeadlineMissKind, { inc(n?: number): void }>
  private readonly queueWait: Histogram
  /** The runs written here and not ended: their durations are observed from this, not read back. */
  private readonly starts = new RunStarts()
  private sources = NO_SOURCES

  /** `defaultMetrics`: prom-client's process and Node metrics (default on). */
  constructor(options: { defaultMetrics?: boolean } = {}) {
    const registers = [this.registry]
    const sources = () => this.sources
    const fires = new Counter({
      name: 'jobdesk_fires_total',
      help: 'Runs written, by trigger type (one per row in job_log).',
      labelNames: ['trigger_type'],
      registers,
    })
    this.fires = Object.fromEntries(TRIGGER_TYPES.map((type) => [type, zeroed(fires.labels(type))])) as JobDeskMetrics['fires']
    this.misfires = new Counter({
      name: 'jobdesk_misfires_total',
      help: 'Missed fires found by the scan, by misfire strategy.',
      labelNames: ['strategy'],
      registers,
    })
    // Every known label value from the first scrape, at 0: a rate() or an alert rule over a series sees 0, not nothing.
    for (const strategy of MISFIRE_STRATEGIES) zeroed(this.misfires.labels(strategy))
    const skips = new Counter({
      name: 'jobdesk_skipped_fires_total',
      help: 'Slots of schedules recorded as not fired, by reason (a window, pause-all, a misfire, a calendar).',
      labelNames: ['reason'],
      registers,
    })
    this.skips = Object.fromEntries(SKIP_REASONS.map((reason) => [reason, zeroed(skips.labels(reason))])) as JobDeskMetrics['skips']
    this.lag = new BucketHistogram(
      'jobdesk_trigger_lag_seconds',
      'Trigger time minus scheduled time of each scheduled run (CRON and MISFIRE), as written in job_log.',
      LAG_BUCKETS,
      registers,
    )
    const runs = new Counter({
      name: 'jobdesk_runs_total',
      help: 'Runs ended, by how they ended, counted as their final state is committed.',
      labelNames: ['status'],
      registers,
    })
    this.runs = Object.fromEntries(RUN_ENDS.map((end) => [end, zeroed(runs.labels(end))])) as JobDeskMetrics['runs']
    this.durations = new BucketHistogram(
      'jobdesk_run_duration_seconds',
      'Handle time minus trigger time of each completed run, by executor group (app name).',
      DURATION_BUCKETS,
      registers,
      GROUP_LABEL,
    )
    this.transactions = new Histogram({
      name: 'jobdesk_db_transaction_seconds',
      help: 'Duration of each database transaction.',
      buckets: TRANSACTION_BUCKETS,
      registers,
    })
    this.flowRuns = new Counter({ name: 'jobdesk_flow_runs_total', help: 'Flow runs ended, by final state.', labelNames: ['state'], registers })
    for (const state of ENDED_FLOW_RUN_STATES) zeroed(this.flowRuns.labels(state))
    const misses = new Counter({
      name: 'jobdesk_deadline_misses_total',
      help: 'Runs (job runs and flow runs) marked late to start, late to finish or slow, once each, on the node that marked them.',
      labelNames: ['kind'],
      registers,
    })
    this.deadlineMisses = Object.fromEntries(DEADLINE_MISS_KINDS.map((kind) => [kind, zeroed(misses.labels(kind))])) as JobDeskMetrics['deadlineMisses']
    new Gauge({
      name: 'jobdesk_executors',
      help: 'Registered executor addresses, by group (app name) and health.',
      labelNames: [GROUP_LABEL, 'health'],
      registers,
      async collect() {
        this.reset()
        const counts = new Map<string, { group: string; health: AddressHealth; n: number }>()
        for (const { appName, health } of await sources().executors()) {
          const key = `${appName}\n${health}`
          const count = counts.get(key) ?? { group: appName, health, n: 0 }
          count.n++
          counts.set(key, count)
        }
        for (const { group, health, n } of counts.values()) this.set({ group, health }, n)
      },
    })
    new Gauge({
      name: 'jobdesk_ring_pending',
      help: 'Fires planned in the time ring and not yet triggered.',
      registers,
      collect() {
        this.set(sources().ringPending())
      },
    })
    new Gauge({
      name: 'jobdesk_callback_queue',
      help: 'Finished runs of the embedded executor whose results wait to be written.',
      registers,
      collect() {
        this.set(sources().callbackQueue())
      },
    })
    new Gauge({
      name: 'jobdesk_node_lease',
      help: 'Per cluster node (by name): 1 while it holds its lease, 0 once it lapsed, as this node last saw it.',
      labelNames: ['node'],
      registers,
      collect() {
        this.reset()
        for (const { node, held } of sources().nodeLeases()) this.set({ node }, held ? 1 : 0)
      },
    })
    this.queueWait = new Histogram({
      name: 'jobdesk_queue_wait_seconds',
      help: 'How long each queued run waited for its pools’ slots before it started (docs/capacity.md).',
      buckets: QUEUE_WAIT_BUCKETS,
      registers,
    })
    poolGauges(registers, () => sources().pools())
    if (options.defaultMetrics !== false) {
      collectDefaultMetrics({ register: this.registry })
      // prom-client names three gauges *_total, a counter's suffix: promtool's linter refuses the scrape
      // (exit 3) and PromQL tools take them for counters. Each is the sum of its per-type gauge
      // (nodejs_active_handles{type} …), which stays: sum() of it gives the same number.
      for (const name of MISNAMED_DEFAULT_GAUGES) this.registry.removeSingleMetric(name)
    }
  }

  /** Queued runs started after waiting these many milliseconds. */
  queueWaited(waitedMs: readonly number[]): void {
    for (const ms of waitedMs) this.queueWait.observe(ms / 1000)
  }

  /** Where the gauges read from, once the core's parts exist. */
  readFrom(sources: MetricSources): void {
    this.sources = sources
  }

  /** Run rows written (committed): one fire each; a scheduled one's lateness too. Each is remembered for its duration. */
  runsWritten(
    runs: readonly { logId: number; triggerType: TriggerType; triggerTimeMs: number; scheduleTimeMs: number | null; group: { appName: string } | undefined }[],
  ): void {
    // Counted first and added once per trigger type: prom-client's inc allocates on every call.
    const fired = new Map<TriggerType, number>()
    for (const run of runs) {
      fired.set(run.triggerType, (fired.get(run.triggerType) ?? 0) + 1)
      // A backfill's slot lies in the past by design: its distance is no lateness.
      if (run.scheduleTimeMs !== null && run.triggerType !== 'BACKFILL') this.lag.observe(Math.max(0, run.triggerTimeMs - run.scheduleTimeMs) / 1000)
    }
    for (const [type, n] of fired) this.fires[type].inc(n)
    this.starts.written(runs)
  }

  /** A run got a deadline mark here (the node whose compare-and-set won). */
  deadlineMissed(kind: DeadlineMissKind): void {
    this.deadlineMisses[kind].inc()
  }

  misfired(misfires: readonly { strategy: string; missedTimesMs: readonly number[] }[]): void {
    for (const m of misfires) this.misfires.inc({ strategy: m.strategy }, m.missedTimesMs.length)
  }

  /** Slots the scheduler recorded as not fired (job_missed_slot rows), counted by reason. */
  skipped(slots: readonly { reason: SkipReason }[]): void {
    const counts = new Map<SkipReason, number>()
    for (const { reason } of slots) counts.set(reason, (counts.get(reason) ?? 0) + 1)
    for (const [reason, n] of counts) this.skips[reason].inc(n)
  }

  /**
   * The run writer committed these ends (FlushResult.ended; `failedIds` as FlushResult has them, to
   * forget the runs refused at their trigger, which get no completion). A completed run written on
   * this node has its duration observed, by its group.
   */
  runsEnded(ended: { completions: readonly RunCompletion[]; failedTriggers: number }, failedIds: readonly number[] = []): void {
    const endedAs = new Map<RunEnd, number>()
    for (const c of ended.completions) {
      const end = runEndOfCompletion(c.handleCode, c.handleMsg)
      endedAs.set(end, (endedAs.get(end) ?? 0) + 1)
      const start = this.starts.take(c.logId)
      if (start && start.triggerTimeMs > 0 && c.handleTimeMs >= start.triggerTimeMs)
        this.durations.observe((c.handleTimeMs - start.triggerTimeMs) / 1000, start.appName)
    }
    for (const [end, n] of endedAs) this.runs[end].inc(n)
    if (ended.failedTriggers > 0) this.runs.failed.inc(ended.failedTriggers)
    this.starts.forget(failedIds)
  }

  flowRunEnded(state: string): void {
    this.flowRuns.inc({ state })
  }

  /** Starts timing a transaction; the returned function ends it. */
  transactionStarted(): () => void {
    return this.transactions.startTimer()
  }

  /** The exposition text and its content type; without `perGroup`, each per-group series is its total over the groups. */
  async scrape(perGroup = true): Promise<{ contentType: string; text: string }> {
    const text = await this.registry.metrics()
    return { contentType: this.registry.contentType, text: perGroup ? text : withoutLabel(text, GROUP_LABEL) }
  }
}

/**
 * jobdesk_pool_slots{pool,state} (held, free) and jobdesk_queue_length{pool}, read at each scrape:
 * pools are few (an admin adds each), so a series per pool stays small.
 */
function poolGauges(registers: Registry[], pools: () => Promise<readonly PoolUsage[]>): void {
  let read: Promise<readonly PoolUsage[]> | null = null
  // Both gauges of one scrape share one read.
  const once = () => (read ??= pools().finally(() => setTimeout(() => (read = null))))
  new Gauge({
    name: 'jobdesk_pool_slots',
    help: 'Slots of each resource pool, by state: held by runs, or free.',
    labelNames: ['pool', 'state'],
    registers,
    async collect() {
      this.reset()
      for (const pool of await once()) {
        this.set({ pool: pool.name, state: 'held' }, pool.held)
        this.set({ pool: pool.name, state: 'free' }, Math.max(0, pool.slots - pool.held))
      }
    },
  })
  new Gauge({
    name: 'jobdesk_queue_length',
    help: 'Runs waiting in the queue for each resource pool’s slots.',
    labelNames: ['pool'],
    registers,
    async collect() {
      this.reset()
      for (const pool of await once()) this.set({ pool: pool.name }, pool.waiting)
    },
  })
}
