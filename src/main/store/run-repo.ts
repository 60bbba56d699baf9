import type { LastRun, RunFilter } from '../../shared/api'
import { ALARM_STATUS, type JobRun, TRIGGER_CODE } from '../../shared/model'
import { callbackTargetsOf, type CallbackTarget } from './run-callback-targets'
import type { Connection } from './sql/connection'
import { fromRow, INSERT_COLUMNS, insertValues, oneOffInsert, type RunRow } from './run-rows'
import { type FinishedRun, type NewRun, type RunCompletion, type TriggerOutcome } from '../domain/runs'
import { attachTrails } from './run-trails'
import { completeRuns, recordOutcomeAndComplete, recordOutcomes, recordOutcomesAndComplete } from './run-outcome-writes'
import type { TrailShapeWrites } from './trail-shapes'
import { chainJobIdsOf, countFailedSince, countOutcomesSince, countRunning, lastRunsOf, runListQuery, type OutcomeCounts } from './run-report-queries'
import { insertFinishedRuns, triggerKeysBetween } from './run-import-queries'
import { idChunks, inList, multiRowInsert } from './sql/insert-rows'
import {
  insertCountingIds,
  insertScheduledByUnnest,
  insertScheduledInBlocks,
  rowKey,
  scheduledInserts,
  SCHEDULED_KEY_COLUMNS,
  takeIds,
  type ScheduledKeyRow,
} from './scheduled-run-ids'
import { attemptsBetween, backfillAttempts, retryAttempts } from './slot-attempt-queries'
import type { SlotAttempt } from '../domain/backfills'

export { HANDLE_MSG_MAX_CHARS } from './run-rows'

/** Job ids one `IN (…)` takes beside a chunk of run ids. */
const IN_LIST_MAX = 200

/** The WHERE of the partial index job_log_failed_due, repeated exactly so SQLite can use it. */
const FAILED_TO_TAKE = 'alarm_status = 0 AND (trigger_code NOT IN (0, 200) OR handle_code NOT IN (0, 200))'
/** MySQL has no partial indexes: its job_log has a generated column for the same rows, indexed (migrations/0005-storage-contract-mysql.ts). */
const FAILED_TO_TAKE_MYSQL = 'failed_todo = 1'
/** The WHERE of the partial index job_log_running. */
const RUNNING = 'trigger_code = 200 AND handle_code = 0'

/** `job_log`: one row per trigger attempt (one per shard for broadcast, one per retry). */
export class RunRepo {
  constructor(
    private readonly db: Connection,
    /** The trail shapes this store knows, and those this transaction writes (trail-shapes.ts). */
    private readonly shapes: TrailShapeWrites,
  ) {}

  private get d() {
    return this.db.dialect
  }

  private get failedToTake(): string {
    return this.d.name === 'mysql' ? FAILED_TO_TAKE_MYSQL : FAILED_TO_TAKE
  }

  /**
   * Writes the run's row (before the executor is called); null when that scheduled time already has
   * one: insert-or-ignore, so a second fire for the same (job, schedule time, shard) is dropped by
   * the unique index. `triggerNode`: the node that writes it and will trigger it.
   */
  async insert(run: NewRun, triggerNode = ''): Promise<number | null> {
    // Scheduled runs (the hot path) carry neither a backfill nor typed values: their statement is unchanged.
    if (run.backfillId || run.typedParams !== undefined) {
      const { columns, values } = oneOffInsert(run, triggerNode)
      return this.db.insert(this.d.insertIgnore('job_log', columns), values)
    }
    return this.db.insert(this.d.insertIgnore('job_log', INSERT_COLUMNS), insertValues(run, triggerNode))
  }

  /**
   * Writes the rows of scheduled runs (each with its schedule time); resolves with each one's id,
   * or null where that (job, schedule time, shard) already has a run. SQLite gets multi-row inserts,
   * PostgreSQL one INSERT … SELECT FROM unnest, MySQL multi-row inserts whose ids it reads back.
   */
  async insertScheduled(runs: readonly NewRun[], triggerNode = ''): Promise<(number | null)[]> {
    if (this.d.name === 'postgres') return insertScheduledByUnnest(this.db, runs, triggerNode)
    if (this.db.insertRows) return insertScheduledInBlocks(this.db, runs, triggerNode)
    const statements = scheduledInserts(this.db, runs, triggerNode)
    if (this.db.withSync) return this.db.withSync((sync) => statements.flatMap(({ chunk, params }) => insertCountingIds(sync, chunk, params)))
    // Without the synchronous calls the rows written come back (RETURNING); a row the unique (job,
    // scheduled time, shard) index refused does not.
    const idByKey = new Map<string, number>()
    for (const { chunk, params } of statements) {
      for (const r of await this.db.all<ScheduledKeyRow>(multiRowInsert(this.db, 'job_log', INSERT_COLUMNS, chunk.length, true, SCHEDULED_KEY_COLUMNS), params))
        idByKey.set(rowKey(r), Number(r.id))
    }
    return takeIds(runs, idByKey)
  }

  recordOutcomes(outcomes: readonly TriggerOutcome[]): Promise<void> {
    return recordOutcomes(this.db, this.shapes, outcomes)
  }

  /** The trigger outcome and the completion of a fast run in one statement; false when it was already finished. */
  recordOutcomeAndComplete(outcome: TriggerOutcome, completion: RunCompletion): Promise<boolean> {
    return recordOutcomeAndComplete(this.db, this.shapes, outcome, completion)
  }

  /** `recordOutcomeAndComplete` for many runs; resolves with the ids written. */
  recordOutcomesAndComplete(pairs: readonly { outcome: TriggerOutcome; completion: RunCompletion }[]): Promise<Set<number>> {
    return recordOutcomesAndComplete(this.db, this.shapes, pairs)
  }

  /** Applies results; resolves with the ids completed now (a finished run is never finished twice). */
  complete(completions: readonly RunCompletion[]): Promise<number[]> {
    return completeRuns(this.db, completions)
  }

  async get(id: number): Promise<JobRun | undefined> {
    const row = await this.db.get<RunRow>('SELECT * FROM job_log WHERE id = ?', [id])
    return row && (await this.runsOf([row]))[0]
  }

  /**
   * What a callback's scope check needs of each run it reports: its group, where it went, and
   * whether it is still open or was killed — no trail (a callback batch is 100 runs).
   */
  callbackTargets(ids: readonly number[]): Promise<CallbackTarget[]> {
    return callbackTargetsOf(this.db, ids)
  }

  async getMany(ids: readonly number[]): Promise<JobRun[]> {
    const rows: RunRow[] = []
    for (const chunk of idChunks(ids)) rows.push(...(await this.db.all<RunRow>(`SELECT * FROM job_log WHERE id IN (${inList(chunk.length)})`, chunk)))
    return this.runsOf(rows)
  }

  /** The runs of `ids` that belong to one of `jobIds` (a few jobs: the alarm policy's open rows). */
  async getManyOfJobs(ids: readonly number[], jobIds: readonly number[]): Promise<JobRun[]> {
    if (jobIds.length > IN_LIST_MAX) {
      const jobs = new Set(jobIds)
      return (await this.getMany(ids)).filter((run) => jobs.has(run.jobId))
    }
    const rows: RunRow[] = []
    for (const chunk of idChunks(ids)) {
      const sql = `SELECT * FROM job_log WHERE id IN (${inList(chunk.length)}) AND job_id IN (${inList(jobIds.length)})`
      rows.push(...(await this.db.all<RunRow>(sql, [...chunk, ...jobIds])))
    }
    return this.runsOf(rows)
  }

  /** The console's runs list: newest first, one page. */
  async list(filter: RunFilter): Promise<JobRun[]> {
    const { sql, args } = runListQuery(filter)
    return this.runsOf(await this.db.all<RunRow>(sql, args))
  }

  /** Failed runs the fail monitor has not seen yet (no due time planned), oldest first. */
  async findFailedUnplanned(limit: number): Promise<JobRun[]> {
    const sql = `SELECT * FROM job_log${this.d.indexedBy('job_log_failed_due')} WHERE ${this.failedToTake} AND retry_due_time IS NULL ORDER BY id LIMIT ?`
    return this.runsOf(await this.db.all<RunRow>(sql, [limit]))
  }

  /** Failed runs not taken whose planned retry is due at `nowMs`, earliest due first. */
  async findFailedDue(nowMs: number, limit: number): Promise<JobRun[]> {
    const sql = `SELECT * FROM job_log${this.d.indexedBy('job_log_failed_due')} WHERE ${this.failedToTake} AND retry_due_time <= ? ORDER BY retry_due_time, id LIMIT ?`
    return this.runsOf(await this.db.all<RunRow>(sql, [nowMs, limit]))
  }

  /** The earliest planned retry of a failed run not taken yet, or null when none waits. */
  async nextRetryDueMs(): Promise<number | null> {
    const sql = `SELECT MIN(retry_due_time) AS due FROM job_log${this.d.indexedBy('job_log_failed_due')} WHERE ${this.failedToTake} AND retry_due_time IS NOT NULL`
    const due = (await this.db.get<{ due: number | null }>(sql))?.due
    return due === null || due === undefined ? null : Number(due)
  }

  /** Plans when a failed run's retry is due; a run already taken (alarm_status ≠ 0) is left alone. */
  async planRetries(plans: readonly { id: number; dueAtMs: number }[]): Promise<void> {
    for (const plan of plans) await this.db.run('UPDATE job_log SET retry_due_time = ? WHERE id = ? AND alarm_status = 0', [plan.dueAtMs, plan.id])
  }

  /** A run that is still open gets no retries: a kill without retry, written before its end so no fail-monitor pass sees it with any. */
  async dropRetries(id: number): Promise<void> {
    await this.db.run(`UPDATE job_log SET executor_fail_retry_count = 0 WHERE id = ? AND ${RUNNING}`, [id])
  }

  /** Takes a failed run for processing (compare-and-set 0 → −1); false when another admin already did. */
  async lockAlarm(id: number): Promise<boolean> {
    return (await this.db.run('UPDATE job_log SET alarm_status = -1 WHERE id = ? AND alarm_status = 0', [id])) === 1
  }

  /** Runs triggered since `sinceMs` whose alarm could not be delivered (alarm_status 3), for the dashboard's warning. */
  /** Runs since `sinceMs` whose alarm failed, of these groups only when given. */
  async countAlarmsFailedSince(sinceMs: number, groupIds?: readonly number[]): Promise<number> {
    if (groupIds?.length === 0) return 0
    const inGroups = groupIds ? ` AND job_group IN (${groupIds.map(() => '?').join(', ')})` : ''
    const row = await this.db.get<{ n: number }>(
      `SELECT COUNT(*) AS n FROM job_log${this.d.indexedBy('job_log_trigger_time')} WHERE trigger_time >= ? AND alarm_status = 3${inGroups}`,
      [sinceMs, ...(groupIds ?? [])],
    )
    return Number(row?.n ?? 0)
  }

  /** `message`: why the alarm failed (src/shared/alarm-reason.ts), '' for any other status. */
  /** `rule`: the alarm policy's rule that decided (formatAlarmRule); '' leaves none. */
  async setAlarmStatus(id: number, status: number, message = '', rule = ''): Promise<void> {
    await this.db.run('UPDATE job_log SET alarm_status = ?, alarm_message = ?, alarm_rule = ? WHERE id = ?', [status, message, rule, id])
  }

  /** Running runs triggered at or before `triggeredBeforeMs` whose executor address is not registered. */
  async findLostCandidates(triggeredBeforeMs: number, limit: number): Promise<JobRun[]> {
    const sql = `SELECT * FROM job_log${this.d.indexedBy('job_log_running')}
      WHERE ${RUNNING} AND trigger_time <= ? AND executor_address NOT IN (SELECT registry_value FROM job_registry)
      ORDER BY id LIMIT ?`
    return this.runsOf(await this.db.all<RunRow>(sql, [triggeredBeforeMs, limit]))
  }

  /** Runs whose row was written but whose trigger never finished, triggered before `beforeMs`. */
  async findStalePending(beforeMs: number, limit: number): Promise<JobRun[]> {
    const sql = `SELECT * FROM job_log${this.d.indexedBy('job_log_pending')} WHERE trigger_code = 0 AND handle_code = 0 AND trigger_time < ? AND queue_time = 0 ORDER BY id LIMIT ?`
    return this.runsOf(await this.db.all<RunRow>(sql, [beforeMs, limit]))
  }

  /**
   * The runs `fromNode` wrote and never triggered, due at or after `dueSinceMs`, moved to `toNode`
   * (call in the take-over's transaction): the ids, oldest first. Only runs whose routing the row
   * tells — scheduled fires, retries, child runs, flow nodes and backfill slots; a manual or API run may have had an address
   * override, which the row does not keep, so it is left for the stale-run sweep.
   */
  async takeOverPending(fromNode: string, toNode: string, dueSinceMs: number): Promise<number[]> {
    const sql = `SELECT id FROM job_log${this.d.indexedBy('job_log_pending')}
      WHERE trigger_code = 0 AND handle_code = 0 AND trigger_node = ? AND trigger_time >= ? AND queue_time = 0 AND trigger_type IN ('CRON', 'MISFIRE', 'RETRY', 'PARENT', 'FLOW', 'BACKFILL')
      ORDER BY id${this.d.lockRows}`
    const ids = (await this.db.all<{ id: number }>(sql, [fromNode, dueSinceMs])).map((r) => Number(r.id))
    for (const chunk of idChunks(ids)) {
      await this.db.run(`UPDATE job_log SET trigger_node = ? WHERE id IN (${inList(chunk.length)}) AND trigger_node = ?`, [toNode, ...chunk, fromNode])
    }
    return ids
  }

  /**
   * Deletes runs `node` wrote and never triggered (a held run turned back into a missed fire);
   * resolves with the ids deleted. A run triggered or taken over meanwhile stays.
   */
  async deletePending(ids: readonly number[], node: string): Promise<Set<number>> {
    const deleted = new Set<number>()
    for (const chunk of idChunks(ids)) {
      const where = `id IN (${inList(chunk.length)}) AND trigger_code = 0 AND handle_code = 0 AND trigger_node = ?`
      const rows = await this.db.all<{ id: number }>(`SELECT id FROM job_log WHERE ${where}${this.d.lockRows}`, [...chunk, node])
      if (rows.length === 0) continue
      await this.db.run(`DELETE FROM job_log WHERE ${where}`, [...chunk, node])
      for (const row of rows) deleted.add(Number(row.id))
    }
    return deleted
  }

  /**
   * Marks written runs as queued since `nowMs` (in the transaction that wrote them): pending, but
   * no node's to trigger, and out of the stale-run sweep and the take-over (the queue runner starts them).
   */
  async markQueued(ids: readonly number[], nowMs: number): Promise<void> {
    for (const chunk of idChunks(ids)) await this.db.run(`UPDATE job_log SET queue_time = ? WHERE id IN (${inList(chunk.length)})`, [nowMs, ...chunk])
  }

  /**
   * Queued runs got their slots: `node`'s to trigger now (their trigger time is now, so the
   * stale-run sweep counts from their start). Resolves with the ids moved (a cancelled one is not).
   */
  async unqueue(ids: readonly number[], nowMs: number, node: string): Promise<number[]> {
    const moved: number[] = []
    for (const chunk of idChunks(ids)) {
      const where = `id IN (${inList(chunk.length)}) AND queue_time > 0 AND trigger_code = 0 AND handle_code = 0`
      const rows = await this.db.all<{ id: number }>(`SELECT id FROM job_log WHERE ${where}${this.d.lockRows}`, chunk)
      await this.db.run(`UPDATE job_log SET queue_time = 0, trigger_time = ?, trigger_node = ? WHERE ${where}`, [nowMs, node, ...chunk])
      for (const row of rows) moved.push(Number(row.id))
    }
    return moved
  }

  /**
   * Ends queued runs that will never start (cancelled, or past their misfire threshold): failed at
   * their trigger with `message`, no retry and no alarm (nobody asked for this run to go on).
   */
  async endQueued(ids: readonly number[], message: string): Promise<number[]> {
    const ended: number[] = []
    for (const chunk of idChunks(ids)) {
      const where = `id IN (${inList(chunk.length)}) AND queue_time > 0 AND trigger_code = 0 AND handle_code = 0`
      const rows = await this.db.all<{ id: number }>(`SELECT id FROM job_log WHERE ${where}${this.d.lockRows}`, chunk)
      await this.db.run(
        `UPDATE job_log SET queue_time = 0, trigger_code = ${TRIGGER_CODE.fail}, trigger_msg = ?, executor_fail_retry_count = 0, alarm_status = ${ALARM_STATUS.notNeeded} WHERE ${where}`,
        [message, ...chunk],
      )
      for (const row of rows) ended.push(Number(row.id))
    }
    return ended
  }

  /** Runs still running on `address` that were triggered before `beforeMs`. */
  async findRunningOn(address: string, beforeMs: number): Promise<JobRun[]> {
    const sql = `SELECT * FROM job_log${this.d.indexedBy('job_log_running')} WHERE ${RUNNING} AND executor_address = ? AND trigger_time < ? ORDER BY id`
    return this.runsOf(await this.db.all<RunRow>(sql, [address, beforeMs]))
  }

  /** Runs still running that were triggered before `beforeMs`, oldest first, at most `limit` (a maintenance window's kill at its start). */
  async findRunningTriggeredBefore(beforeMs: number, limit: number): Promise<JobRun[]> {
    const sql = `SELECT * FROM job_log${this.d.indexedBy('job_log_running')} WHERE ${RUNNING} AND trigger_time < ? ORDER BY id LIMIT ?`
    return this.runsOf(await this.db.all<RunRow>(sql, [beforeMs, limit]))
  }

  /** Runs still running on an embedded executor (address starting with `prefix`) other than `ownAddress`. */
  async findRunningOnOtherEmbedded(prefix: string, ownAddress: string, limit: number): Promise<JobRun[]> {
    const embedded = this.d.startsWith('executor_address', prefix)
    const sql = `SELECT * FROM job_log${this.d.indexedBy('job_log_running')} WHERE ${RUNNING} AND ${embedded.sql} AND executor_address != ? ORDER BY id LIMIT ?`
    return this.runsOf(await this.db.all<RunRow>(sql, [...embedded.params, ownAddress, limit]))
  }

  /** Running runs on LAN executors (any address outside the embedded `prefix`), oldest first. */
  async findRunningOnLan(embeddedPrefix: string, limit: number): Promise<JobRun[]> {
    const embedded = this.d.startsWith('executor_address', embeddedPrefix)
    const sql = `SELECT * FROM job_log${this.d.indexedBy('job_log_running')} WHERE ${RUNNING} AND executor_address != '' AND NOT ${embedded.sql} ORDER BY id LIMIT ?`
    return this.runsOf(await this.db.all<RunRow>(sql, [...embedded.params, limit]))
  }

  /**
   * Up to `limit` ids of runs triggered before `beforeMs`, oldest first. Ordered by trigger_time so
   * the trigger_time index answers it: by id, SQLite walks the whole table when nothing is old
   * enough (175 ms at 1M runs, on every start's retention pass, docs/benchmarks.md#b9-cold-start).
   */
  async findOldIds(beforeMs: number, limit: number): Promise<number[]> {
    return (await this.db.all<{ id: number }>('SELECT id FROM job_log WHERE trigger_time < ? ORDER BY trigger_time, id LIMIT ?', [beforeMs, limit])).map((r) =>
      Number(r.id),
    )
  }

  /** Rows as runs, with their trails. */
  private async runsOf(rows: RunRow[]): Promise<JobRun[]> {
    return (await attachTrails(this.db, this.shapes.known, rows)).map(fromRow)
  }

  /** Deletes runs with their kept log texts and trails. */
  async deleteByIds(ids: readonly number[]): Promise<number> {
    if (ids.length === 0) return 0
    const marks = ids.map(() => '?').join(',')
    await this.db.run(`DELETE FROM job_log_text WHERE log_id IN (${marks})`, ids)
    await this.db.run(`DELETE FROM job_log_trail WHERE log_id IN (${marks})`, ids)
    // The artifacts' rows go in the same transaction; their files after it (artifact-files.ts).
    await this.db.run(`DELETE FROM job_artifact WHERE run_id IN (${marks})`, ids)
    return this.db.run(`DELETE FROM job_log WHERE id IN (${marks})`, ids)
  }

  /** The latest run of each job (the jobs table's last-run column). */
  lastRuns(jobIds: readonly number[]): Promise<LastRun[]> {
    return lastRunsOf(this.db, jobIds)
  }

  /** The job ids of a run's chain of PARENT triggers, nearest first (for the re-entry guard). */
  chainJobIds(logId: number, maxDepth: number): Promise<number[]> {
    return chainJobIdsOf(this.db, logId, maxDepth)
  }

  countRunning(): Promise<number> {
    return countRunning(this.db)
  }

  countOutcomesSince(sinceMs: number): Promise<OutcomeCounts> {
    return countOutcomesSince(this.db, sinceMs)
  }

  countFailedSince(sinceMs: number): Promise<{ failedCount: number; killedCount: number }> {
    return countFailedSince(this.db, sinceMs)
  }

  /** The runs a backfill wrote for these slots of its job (backfill/slot-outcome.ts). */
  backfillAttempts(jobId: number, backfillId: number, slotsMs: readonly number[]): Promise<SlotAttempt[]> {
    return backfillAttempts(this.db, jobId, backfillId, slotsMs)
  }

  /** The retries of these runs. */
  retryAttempts(parentIds: readonly number[]): Promise<SlotAttempt[]> {
    return retryAttempts(this.db, parentIds)
  }

  /** Every run of the job for a slot in [fromMs, toMs), whatever triggered it (a backfill's `onlyMissing`). */
  attemptsBetween(jobId: number, fromMs: number, toMs: number): Promise<SlotAttempt[]> {
    return attemptsBetween(this.db, jobId, fromMs, toMs)
  }

  insertFinished(runs: readonly FinishedRun[]): Promise<void> {
    return insertFinishedRuns(this.db, runs)
  }

  triggerKeysBetween(
    jobIds: readonly number[],
    fromMs: number,
    toMs: number,
  ): Promise<{ jobId: number; triggerTimeMs: number; executorShardingParam: string }[]> {
    return triggerKeysBetween(this.db, jobIds, fromMs, toMs)
  }
}
