import {
  BACKFILL_DEFAULT_MAX_SLOTS,
  BACKFILL_MAX_SLOTS_CEILING,
  BACKFILL_VIEW_SLOTS_MAX,
  type BackfillFilter,
  type BackfillQuery,
  type BackfillStarted,
  type BackfillState,
  type BackfillSummary,
  type BackfillTarget,
  type BackfillView,
} from '../../shared/backfill'
import { conflict, invalidField, notFound } from '../../shared/messages/coded-errors'
import type { StartBackfill } from '../../shared/schema/backfill'
import { ScheduleBook } from '../calendars/schedule-book'
import type { BackfillRecord, SlotCounts } from '../domain/backfills'
import type { Repos, UnitOfWork } from '../store/store'
import { countSlots, inOrder, slotTimes } from './backfill-slots'
import { slotsWithSuccess } from './slot-reads'

export type BackfillServiceRepos = Pick<Repos, 'backfills' | 'jobs' | 'flows' | 'calendars' | 'runs' | 'flowRuns'>

export interface BackfillServiceDeps {
  repos: BackfillServiceRepos & UnitOfWork<Pick<Repos, 'backfills'>>
  nowMs: () => number
  /** A backfill started or resumed: the runner steps at once rather than at its next poll. */
  wake: () => void
  /** Lets the event loop turn while a long range is counted (default: the next turn). */
  pause?: () => Promise<void>
}

/**
 * Backfills as operators ask for them (`startBackfill`, `getBackfill`, `listBackfills`, pause,
 * resume, cancel). A start works out the slots — the schedule's own fires with its calendar in
 * [from, to), less those with a successful run for `onlyMissing` — and writes the backfill and its
 * slots in one transaction; a refusal (no such job, no schedule, too many slots, nothing missing)
 * writes nothing, and a dry run only lists them. The runner (backfill-runner.ts) does the rest.
 */
export class BackfillService {
  private readonly pause: () => Promise<void>

  constructor(private readonly deps: BackfillServiceDeps) {
    this.pause = deps.pause ?? (() => new Promise((resolve) => setImmediate(resolve)))
  }

  async start(request: StartBackfill, by: string): Promise<BackfillStarted> {
    const { repos, nowMs } = this.deps
    const target: BackfillTarget = request.jobId !== undefined ? { jobId: request.jobId } : { flowId: request.flowId! }
    const [what, id, field] = 'jobId' in target ? (['job', target.jobId, 'jobId'] as const) : (['flow', target.flowId, 'flowId'] as const)
    const item = 'jobId' in target ? await repos.jobs.get(target.jobId) : await repos.flows.get(target.flowId)
    if (!item) throw notFound(`${what}.notFound`, { id })
    if (item.scheduleType === 'NONE') throw invalidField(field, 'backfill.noSchedule', { what, id })
    const spec = (await ScheduleBook.readFor(repos, [item.calendar])).specOf(item)
    const cap = request.maxSlots ?? BACKFILL_DEFAULT_MAX_SLOTS
    const counted = await countSlots(slotTimes(spec, request.from, request.to), cap, BACKFILL_MAX_SLOTS_CEILING, this.pause)
    if (!counted.complete) throw invalidField('to', 'backfill.tooManySlotsToCount', { ceiling: BACKFILL_MAX_SLOTS_CEILING })
    if (counted.count > cap) throw invalidField('to', 'backfill.tooManySlots', { count: counted.count, max: cap, ceiling: BACKFILL_MAX_SLOTS_CEILING })
    let slots = counted.slots
    if (request.onlyMissing && slots.length > 0) {
      const succeeded = await slotsWithSuccess(repos, target, request.from, request.to)
      slots = slots.filter((slotMs) => !succeeded.has(slotMs))
    }
    const ordered = inOrder(slots, request.order)
    if (request.dryRun) return { backfillId: 0, slots: ordered }
    if (counted.count === 0) throw invalidField('to', 'backfill.noSlots', { what, id })
    if (ordered.length === 0) throw conflict('backfill.nothingMissing', { count: counted.count })
    const backfillId = await repos.transaction((tx) =>
      tx.backfills.insert(
        {
          jobId: 'jobId' in target ? target.jobId : 0,
          flowId: 'flowId' in target ? target.flowId : 0,
          fromMs: request.from,
          toMs: request.to,
          concurrency: request.concurrency,
          order: request.order,
          onlyMissing: request.onlyMissing,
          state: 'running',
          total: ordered.length,
          createdBy: by,
          createdAtMs: nowMs(),
        },
        ordered,
      ),
    )
    this.deps.wake()
    return { backfillId, slots: ordered }
  }

  async get(query: BackfillQuery): Promise<BackfillView> {
    const { backfills } = this.deps.repos
    const record = await this.find(query.id)
    const slotOffset = query.slotOffset ?? 0
    const slots = await backfills.slots(record.id, slotOffset, query.slotLimit ?? BACKFILL_VIEW_SLOTS_MAX)
    return { ...summaryOf(record, await backfills.counts(record.id)), slotOffset, slots }
  }

  async list(filter: BackfillFilter = {}): Promise<BackfillSummary[]> {
    const { backfills } = this.deps.repos
    const records = await backfills.list({ ...filter, limit: filter.limit ?? 50 })
    const counts = await backfills.countsOf(records.map((r) => r.id))
    return records.map((record) => summaryOf(record, counts.get(record.id)!))
  }

  /** Holds its next runs; those going are left to end (their slots still end while it is paused). */
  pauseBackfill(id: number): Promise<BackfillSummary> {
    return this.move(id, (state) => (state === 'running' ? 'paused' : null), 'backfill.notPausable')
  }

  resumeBackfill(id: number): Promise<BackfillSummary> {
    return this.move(id, (state) => (state === 'paused' ? 'running' : null), 'backfill.notResumable')
  }

  /** Its pending slots are cancelled; the runs going are left to end, and their slots still end as they do. */
  cancelBackfill(id: number): Promise<BackfillSummary> {
    return this.move(id, (state) => (state === 'running' || state === 'paused' ? 'cancelled' : null), 'backfill.ended')
  }

  private async move(
    id: number,
    next: (state: BackfillState) => BackfillState | null,
    refusal: 'backfill.notPausable' | 'backfill.notResumable' | 'backfill.ended',
  ): Promise<BackfillSummary> {
    const { repos, nowMs } = this.deps
    // Under the backfill's row lock: a step in between cannot start a slot this call cancels.
    await repos.transaction(async (tx) => {
      const record = await tx.backfills.lock(id)
      if (!record) throw notFound('backfill.notFound', { id })
      const to = next(record.state)
      if (to === null) throw conflict(refusal, { id, backfillState: record.state })
      if (to === 'cancelled') await tx.backfills.cancelPending(id, nowMs())
      await tx.backfills.setState(id, [record.state], to, nowMs())
    })
    this.deps.wake()
    const record = await this.find(id)
    return summaryOf(record, await repos.backfills.counts(id))
  }

  private async find(id: number): Promise<BackfillRecord> {
    const record = await this.deps.repos.backfills.get(id)
    if (!record) throw notFound('backfill.notFound', { id })
    return record
  }
}

function summaryOf(record: BackfillRecord, counts: SlotCounts): BackfillSummary {
  const target = record.jobId !== 0 ? { jobId: record.jobId } : { flowId: record.flowId }
  return {
    ...target,
    id: record.id,
    state: record.state,
    from: record.fromMs,
    to: record.toMs,
    concurrency: record.concurrency,
    order: record.order,
    onlyMissing: record.onlyMissing,
    total: record.total,
    done: counts.done,
    failed: counts.failed,
    running: counts.running,
    pending: counts.pending,
    cancelled: counts.cancelled,
    createdBy: record.createdBy,
    createdAtMs: record.createdAtMs,
    updatedAtMs: record.updatedAtMs,
  }
}
