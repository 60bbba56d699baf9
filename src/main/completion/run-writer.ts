import type { Logger } from '../kernel/logger'
import type { RunCompletion, TriggerOutcome } from '../store/run-repo'
import type { Store } from '../store/store'

export interface FlushResult {
  /** Runs whose trigger outcome was recorded. */
  triggeredIds: number[]
  /** Runs completed by this flush (repeated callbacks for finished runs are not in it). */
  completedIds: number[]
  /** Runs that failed with this flush: a refused trigger, or a completion with a code other than 200. */
  failedIds: number[]
}

export interface RunWriterOptions {
  store: Store
  logger: Logger
  /** Longest an item waits for its batch (ms); a full batch flushes at once. */
  maxDelayMs?: number
  maxBatch?: number
  onFlush?: (result: FlushResult) => void
}

interface Pending {
  outcomes: TriggerOutcome[]
  completions: RunCompletion[]
  waiters: { resolve: () => void; reject: (error: Error) => void }[]
}

/**
 * Batches the two writes every run gets after its row exists — the trigger outcome and the
 * completion — into one transaction per few milliseconds. One transaction per row costs ~20 µs on
 * this machine, one row inside a 100-row transaction ~4 µs (benchmarks.md §2); at 10k runs/s that
 * difference is most of a core.
 */
export class RunWriter {
  private pending: Pending = { outcomes: [], completions: [], waiters: [] }
  private timer: NodeJS.Timeout | null = null
  private readonly maxDelayMs: number
  private readonly maxBatch: number

  constructor(private readonly options: RunWriterOptions) {
    this.maxDelayMs = options.maxDelayMs ?? 10
    this.maxBatch = options.maxBatch ?? 2000
  }

  recordOutcome(outcome: TriggerOutcome): Promise<void> {
    this.pending.outcomes.push(outcome)
    return this.schedule()
  }

  /** Resolves once the completions are committed (the embedded executor's callback then counts as delivered). */
  complete(completions: readonly RunCompletion[]): Promise<void> {
    this.pending.completions.push(...completions)
    return this.schedule()
  }

  /** Writes everything pending now. */
  flush(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    const batch = this.pending
    this.pending = { outcomes: [], completions: [], waiters: [] }
    if (batch.outcomes.length === 0 && batch.completions.length === 0) {
      batch.waiters.forEach((w) => w.resolve())
      return
    }
    const { store } = this.options
    let result: FlushResult
    try {
      result = store.transaction(() => writeBatch(store, batch))
    } catch (error) {
      // Typically the write lock held past busy_timeout. Callers decide: the executor spools its
      // callbacks and resends them; the lost-run monitor settles an unrecorded trigger outcome.
      this.options.logger.error('writing run results failed', { error: (error as Error).message })
      batch.waiters.forEach((w) => w.reject(error as Error))
      return
    }
    batch.waiters.forEach((w) => w.resolve())
    if (result.triggeredIds.length + result.completedIds.length > 0) this.options.onFlush?.(result)
  }

  private schedule(): Promise<void> {
    return new Promise((resolve, reject) => {
      this.pending.waiters.push({ resolve, reject })
      if (this.pending.outcomes.length + this.pending.completions.length >= this.maxBatch) this.flush()
      else if (!this.timer) this.timer = setTimeout(() => this.flush(), this.maxDelayMs)
    })
  }
}

/**
 * Outcomes before completions: a fast run's callback often arrives in the same batch as its trigger
 * outcome, and then both go into one UPDATE. Completion stays idempotent either way.
 */
function writeBatch(store: Store, batch: Pending): FlushResult {
  const firstCompletion = new Map<number, RunCompletion>()
  for (const c of batch.completions) if (!firstCompletion.has(c.logId)) firstCompletion.set(c.logId, c)
  const pairedIds = new Set<number>()
  const alone: TriggerOutcome[] = []
  for (const outcome of batch.outcomes) {
    const completion = firstCompletion.get(outcome.logId)
    if (completion && store.runs.recordOutcomeAndComplete(outcome, completion)) pairedIds.add(outcome.logId)
    else alone.push(outcome)
  }
  store.runs.recordOutcomes(alone)
  const completedIds = [...pairedIds, ...store.runs.complete(batch.completions.filter((c) => !pairedIds.has(c.logId)))]
  const completed = new Set(completedIds)
  const failedIds = [
    ...batch.outcomes.filter((o) => o.triggerCode !== 200).map((o) => o.logId),
    ...[...firstCompletion.values()].filter((c) => c.handleCode !== 200 && completed.has(c.logId)).map((c) => c.logId),
  ]
  return { triggeredIds: batch.outcomes.map((o) => o.logId), completedIds, failedIds }
}
