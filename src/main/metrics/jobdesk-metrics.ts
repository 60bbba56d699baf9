import type { Registry } from 'prom-client'
import { MISFIRE_STRATEGIES, TRIGGER_TYPES, type AddressHealth, type TriggerType } from '../../shared/model'
import { ACTIVE_FLOW_RUN_STATES, FLOW_RUN_STATES } from '../../shared/flow-types'
import { SKIP_REASONS, type SkipReason } from '../../shared/calendar/skip-reasons'
import type { RunCompletion } from '../domain/runs'
import { RUN_ENDS, runEndOfCompletion, type RunEnd } from '../domain/run-end'
import { RunStarts } from './run-starts'
import { BucketHistogram } from './bucket-histogram'
import { CollectedGauge, LabeledCounter, type MetricFamily, type Sample } from './metric-family'
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

/**
 * How long after the start prom-client is loaded, when no scrape came first, so that its GC and
 * event-loop histograms count from about the start without its modules being part of it.
 */
const DEFAULT_METRICS_AFTER_MS = 1000

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
  private readonly fires: LabeledCounter
  private readonly runs: LabeledCounter
  private readonly misfires: LabeledCounter
  private readonly skips: LabeledCounter
  private readonly lag: BucketHistogram
  private readonly durations: BucketHistogram
  private readonly transactions: BucketHistogram
  private readonly flowRuns: LabeledCounter
  private readonly deadlineMisses: LabeledCounter
  private readonly queueWait: BucketHistogram
  /** Every family, in the order the scrape lists them. */
  private readonly families: MetricFamily[]
  /** The runs written here and not ended: their durations are observed from this, not read back. */
  private readonly starts = new RunStarts()
  private sources = NO_SOURCES
  private registry: Promise<Registry> | null = null

  /** `defaultMetrics`: prom-client's process and Node metrics (default on). */
  constructor(private readonly options: { defaultMetrics?: boolean } = {}) {
    const sources = () => this.sources
    this.fires = new LabeledCounter('jobdesk_fires_total', 'Runs written, by trigger type (one per row in job_log).', 'trigger_type', TRIGGER_TYPES)
    this.misfires = new LabeledCounter('jobdesk_misfires_total', 'Missed fires found by the scan, by misfire strategy.', 'strategy', MISFIRE_STRATEGIES)
    this.skips = new LabeledCounter(
      'jobdesk_skipped_fires_total',
      'Slots of schedules recorded as not fired, by reason (a window, pause-all, a misfire, a calendar).',
      'reason',
      SKIP_REASONS,
    )
    this.lag = new BucketHistogram(
      'jobdesk_trigger_lag_seconds',
      'Trigger time minus scheduled time of each scheduled run (CRON and MISFIRE), as written in job_log.',
      LAG_BUCKETS,
    )
    this.runs = new LabeledCounter('jobdesk_runs_total', 'Runs ended, by how they ended, counted as their final state is committed.', 'status', RUN_ENDS)
    this.durations = new BucketHistogram(
      'jobdesk_run_duration_seconds',
      'Handle time minus trigger time of each completed run, by executor group (app name).',
      DURATION_BUCKETS,
      GROUP_LABEL,
    )
    this.transactions = new BucketHistogram('jobdesk_db_transaction_seconds', 'Duration of each database transaction.', TRANSACTION_BUCKETS)
    this.flowRuns = new LabeledCounter('jobdesk_flow_runs_total', 'Flow runs ended, by final state.', 'state', ENDED_FLOW_RUN_STATES)
    this.deadlineMisses = new LabeledCounter(
      'jobdesk_deadline_misses_total',
      'Runs (job runs and flow runs) marked late to start, late to finish or slow, once each, on the node that marked them.',
      'kind',
      DEADLINE_MISS_KINDS,
    )
    this.queueWait = new BucketHistogram(
      'jobdesk_queue_wait_seconds',
      'How long each queued run waited for its pools’ slots before it started (docs/capacity.md).',
      QUEUE_WAIT_BUCKETS,
    )
    this.families = [
      this.fires,
      this.misfires,
      this.skips,
      this.lag,
      this.runs,
      this.durations,
      this.transactions,
      this.flowRuns,
      this.deadlineMisses,
      new CollectedGauge('jobdesk_executors', 'Registered executor addresses, by group (app name) and health.', async () =>
        executorCounts(await sources().executors()),
      ),
      new CollectedGauge('jobdesk_ring_pending', 'Fires planned in the time ring and not yet triggered.', () => [
        { labels: {}, value: sources().ringPending() },
      ]),
      new CollectedGauge('jobdesk_callback_queue', 'Finished runs of the embedded executor whose results wait to be written.', () => [
        { labels: {}, value: sources().callbackQueue() },
      ]),
      new CollectedGauge('jobdesk_node_lease', 'Per cluster node (by name): 1 while it holds its lease, 0 once it lapsed, as this node last saw it.', () =>
        sources()
          .nodeLeases()
          .map(({ node, held }) => ({ labels: { node }, value: held ? 1 : 0 })),
      ),
      this.queueWait,
      ...poolGauges(() => sources().pools()),
    ]
    if (options.defaultMetrics !== false) setTimeout(() => void this.registered().catch(() => undefined), DEFAULT_METRICS_AFTER_MS).unref()
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
    for (const [type, n] of fired) this.fires.inc(type, n)
    this.starts.written(runs)
  }

  /** A run got a deadline mark here (the node whose compare-and-set won). */
  deadlineMissed(kind: DeadlineMissKind): void {
    this.deadlineMisses.inc(kind)
  }

  misfired(misfires: readonly { strategy: string; missedTimesMs: readonly number[] }[]): void {
    for (const m of misfires) this.misfires.inc(m.strategy, m.missedTimesMs.length)
  }

  /** Slots the scheduler recorded as not fired (job_missed_slot rows), counted by reason. */
  skipped(slots: readonly { reason: SkipReason }[]): void {
    const counts = new Map<SkipReason, number>()
    for (const { reason } of slots) counts.set(reason, (counts.get(reason) ?? 0) + 1)
    for (const [reason, n] of counts) this.skips.inc(reason, n)
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
    for (const [end, n] of endedAs) this.runs.inc(end, n)
    if (ended.failedTriggers > 0) this.runs.inc('failed', ended.failedTriggers)
    this.starts.forget(failedIds)
  }

  flowRunEnded(state: string): void {
    this.flowRuns.inc(state)
  }

  /** Starts timing a transaction; the returned function ends it. */
  transactionStarted(): () => void {
    const startedMs = performance.now()
    return () => this.transactions.observe((performance.now() - startedMs) / 1000)
  }

  /** The exposition text and its content type; without `perGroup`, each per-group series is its total over the groups. */
  async scrape(perGroup = true): Promise<{ contentType: string; text: string }> {
    const registry = await this.registered()
    const text = await registry.metrics()
    return { contentType: registry.contentType, text: perGroup ? text : withoutLabel(text, GROUP_LABEL) }
  }

  /** prom-client's registry over the node's families and its default metrics, made once, when first needed. */
  private registered(): Promise<Registry> {
    return (this.registry ??= import('prom-client').then(({ Registry, collectDefaultMetrics }) => {
      const registry = new Registry()
      // The registry reads only name, help, type and get() of what it lists.
      for (const family of this.families) registry.registerMetric(family as never)
      if (this.options.defaultMetrics !== false) {
        collectDefaultMetrics({ register: registry })
        // prom-client names three gauges *_total, a counter's suffix: promtool's linter refuses the scrape
        // (exit 3) and PromQL tools take them for counters. Each is the sum of its per-type gauge
        // (nodejs_active_handles{type} …), which stays: sum() of it gives the same number.
        for (const name of MISNAMED_DEFAULT_GAUGES) registry.removeSingleMetric(name)
      }
      return registry
    }))
  }
}

/** jobdesk_executors{group,health}: addresses counted by their group and health. */
function executorCounts(executors: readonly { appName: string; health: AddressHealth }[]): Sample[] {
  const counts = new Map<string, Sample>()
  for (const { appName, health } of executors) {
    const key = `${appName}\n${health}`
    const count = counts.get(key) ?? { labels: { [GROUP_LABEL]: appName, health }, value: 0 }
    count.value++
    counts.set(key, count)
  }
  return [...counts.values()]
}

/**
 * jobdesk_pool_slots{pool,state} (held, free) and jobdesk_queue_length{pool}, read at each scrape:
 * pools are few (an admin adds each), so a series per pool stays small.
 */
function poolGauges(pools: () => Promise<readonly PoolUsage[]>): CollectedGauge[] {
  let read: Promise<readonly PoolUsage[]> | null = null
  // Both gauges of one scrape share one read.
  const once = () => (read ??= pools().finally(() => setTimeout(() => (read = null))))
  return [
    new CollectedGauge('jobdesk_pool_slots', 'Slots of each resource pool, by state: held by runs, or free.', async () =>
      (await once()).flatMap((pool) => [
        { labels: { pool: pool.name, state: 'held' }, value: pool.held },
        { labels: { pool: pool.name, state: 'free' }, value: Math.max(0, pool.slots - pool.held) },
      ]),
    ),
    new CollectedGauge('jobdesk_queue_length', 'Runs waiting in the queue for each resource pool’s slots.', async () =>
      (await once()).map((pool) => ({ labels: { pool: pool.name }, value: pool.waiting })),
    ),
  ]
}
