import { HANDLE_CODE } from '../../shared/model'
import type { RunCompletion, TriggerOutcome } from '../domain/runs'
import { HANDLE_MSG_MAX_CHARS, triggerMsgColumn } from './run-rows'
import { trailColumns } from './run-trails'
import type { Connection, SqlValue } from './sql/connection'
import { wroteEvery } from './sql/counted-writes'
import { countedOrReturning, statementSizes, statementsBySize, valuesRows } from './sql/insert-rows'
import { firstOfEach, lastOfEach, unnestFrom, unnestParams } from './sql/unnest-rows'
import type { TrailShapeWrites } from './trail-shapes'
import { updateByCase, updateUnfinishedByCase, type CaseColumn } from './mysql/mysql-case-updates'

// The hot path's writes to job_log after a run's row exists: its trigger outcome, its completion, or
// both at once. SQLite takes a few dozen runs per UPDATE … FROM VALUES, PostgreSQL a batch per
// UPDATE … FROM unnest (one prepared statement, one round trip), MySQL a few dozen per UPDATE of
// CASE columns (mysql/mysql-case-updates.ts).

/** Trigger outcomes, with their trails (trail-shapes.ts). */
export async function recordOutcomes(db: Connection, shapes: TrailShapeWrites, outcomes: readonly TriggerOutcome[]): Promise<void> {
  const trails = await trailColumns(db, shapes, outcomes)
  if (db.dialect.name === 'sqlite') return recordOutcomesByValues(db, outcomes, trails)
  if (db.dialect.name === 'postgres') return recordOutcomesByUnnest(db, outcomes, trails)
  return updateByCase(db, 'job_log', OUTCOME_COLUMNS, lastOfEach(outcomeRows(outcomes, trails), runIdOf))
}

/**
 * SQLite: a few dozen outcomes per UPDATE … FROM VALUES. At 10k runs a second the outcomes and the
 * completions were 20k one-row statements a second, each paying the call into the engine (B1).
 * A run listed twice takes its last outcome, as the one-row statements in order would leave it.
 */
async function recordOutcomesByValues(db: Connection, outcomes: readonly TriggerOutcome[], trails: readonly (string | null)[]): Promise<void> {
  const last = [...new Map(outcomes.map((o, i) => [o.logId, i])).values()]
  let from = 0
  for (const size of statementSizes(last.length, ROWS_PER_UPDATE)) {
    const params: SqlValue[] = []
    for (const i of last.slice(from, (from += size))) {
      const o = outcomes[i]
      params.push(o.logId, o.executorAddress, o.triggerCode, triggerMsgColumn(o), trails[i])
    }
    await db.run(outcomesStatement(size), params)
  }
}

/** PostgreSQL: the batch in one UPDATE … FROM unnest; a run listed twice takes its last outcome. */
async function recordOutcomesByUnnest(db: Connection, outcomes: readonly TriggerOutcome[], trails: readonly (string | null)[]): Promise<void> {
  const rows = lastOfEach(outcomeRows(outcomes, trails), runIdOf)
  if (rows.length > 0) await db.run(OUTCOMES_BY_UNNEST, unnestParams(rows, 5))
}

/** Each outcome as the row the PostgreSQL and MySQL batches take: its run's id, then its columns. */
const outcomeRows = (outcomes: readonly TriggerOutcome[], trails: readonly (string | null)[]): SqlValue[][] =>
  outcomes.map((o, i) => [o.logId, o.executorAddress, o.triggerCode, triggerMsgColumn(o), trails[i]])

/** The run a batch's row is for (its first value). */
const runIdOf = (row: readonly SqlValue[]) => row[0] as number

/**
 * A fast run's trigger outcome and its completion in one statement (they often arrive in the same
 * batch); false when the run was already finished, in which case nothing was written.
 */
export async function recordOutcomeAndComplete(db: Connection, shapes: TrailShapeWrites, outcome: TriggerOutcome, completion: RunCompletion): Promise<boolean> {
  const [trail] = await trailColumns(db, shapes, [outcome])
  return updateOutcomeAndComplete(db, outcome, trail, completion)
}

async function updateOutcomeAndComplete(db: Connection, outcome: TriggerOutcome, trail: string | null, completion: RunCompletion): Promise<boolean> {
  const changes = await db.run(
    `UPDATE job_log
        SET executor_address = ?, trigger_code = ?, trigger_msg = ?, trigger_trail = ?,
            handle_code = ?, handle_msg = substr(?, 1, ${HANDLE_MSG_MAX_CHARS}), handle_time = ?
      WHERE id = ? AND handle_code = 0`,
    [
      outcome.executorAddress,
      outcome.triggerCode,
      triggerMsgColumn(outcome),
      trail,
      handleCodeColumn(completion),
      completion.handleMsg,
      completion.handleTimeMs,
      outcome.logId,
    ],
  )
  return changes === 1
}

/**
 * `recordOutcomeAndComplete` for many runs; resolves with the ids written (a run already finished
 * is left alone and not in the set).
 */
export async function recordOutcomesAndComplete(
  db: Connection,
  shapes: TrailShapeWrites,
  pairs: readonly { outcome: TriggerOutcome; completion: RunCompletion }[],
): Promise<Set<number>> {
  const trails = await trailColumns(
    db,
    shapes,
    pairs.map((p) => p.outcome),
  )
  if (db.dialect.name === 'postgres') return pairsByUnnest(db, pairs, trails)
  if (db.dialect.name === 'mysql') return updateUnfinishedByCase(db, PAIR_COLUMNS, firstOfEach(pairRows(pairs, trails), runIdOf))
  const statements: SizedParams[] = []
  let from = 0
  for (const size of statementSizes(pairs.length, PAIRS_PER_STATEMENT)) {
    const params: SqlValue[] = []
    for (let i = from; i < from + size; i++) {
      const { outcome: o, completion: c } = pairs[i]
      params.push(o.logId, o.executorAddress, o.triggerCode, triggerMsgColumn(o), trails[i], handleCodeColumn(c), c.handleMsg, c.handleTimeMs)
    }
    from += size
    statements.push({ size, params })
  }
  return updatedIds(
    db,
    statements,
    pairsStatement,
    pairs.map((p) => p.outcome.logId),
  )
}

/**
 * PostgreSQL: the pairs in one UPDATE … FROM unnest … RETURNING. A run listed twice takes its first
 * pair: the second would have met a finished run, as it does one statement later.
 */
async function pairsByUnnest(
  db: Connection,
  pairs: readonly { outcome: TriggerOutcome; completion: RunCompletion }[],
  trails: readonly (string | null)[],
): Promise<Set<number>> {
  const rows = firstOfEach(pairRows(pairs, trails), runIdOf)
  if (rows.length === 0) return new Set()
  return new Set((await db.all<{ id: number }>(PAIRS_BY_UNNEST, unnestParams(rows, 8))).map((row) => Number(row.id)))
}

/** Each outcome with its completion as the row the PostgreSQL and MySQL batches take. */
const pairRows = (pairs: readonly { outcome: TriggerOutcome; completion: RunCompletion }[], trails: readonly (string | null)[]): SqlValue[][] =>
  pairs.map(({ outcome: o, completion: c }, i) => [
    o.logId,
    o.executorAddress,
    o.triggerCode,
    triggerMsgColumn(o),
    trails[i],
    handleCodeColumn(c),
    c.handleMsg,
    c.handleTimeMs,
  ])

/**
 * Runs SQLite's batched UPDATEs and resolves with the ids of the runs they changed: counted when
 * they changed every run named (counted-writes.ts), else — or without the synchronous calls — by
 * RETURNING.
 */
async function updatedIds(db: Connection, statements: readonly SizedParams[], text: UpdateText, named: readonly number[]): Promise<Set<number>> {
  if (db.withSync) {
    return db.withSync((sync) => {
      if (
        wroteEvery(
          sync,
          statements.map(({ size, params }) => ({ sql: text(size, false), params })),
          named.length,
        )
      )
        return new Set(named)
      const done = new Set<number>()
      for (const { size, params } of statements) for (const row of sync.all<{ id: number }>(text(size, true), params)) done.add(Number(row.id))
      return done
    })
  }
  const done = new Set<number>()
  for (const { size, params } of statements) for (const row of await db.all<{ id: number }>(text(size, true), params)) done.add(Number(row.id))
  return done
}

/** One batched statement's size (which text) and parameters. */
interface SizedParams {
  size: number
  params: SqlValue[]
}

/**
 * Applies results; returns the ids that were actually completed now. handle_code = 0 makes
 * completion idempotent: a finished run is never finished twice, so a repeated or late callback
 * changes nothing (XXL-JOB: "log repeate callback").
 */
export async function completeRuns(db: Connection, completions: readonly RunCompletion[]): Promise<number[]> {
  if (db.dialect.name === 'sqlite') return completeByValues(db, completions)
  // The servers: a run listed twice takes its first completion.
  const first = firstOfEach(completions, (c) => c.logId)
  if (first.length === 0) return []
  const rows = first.map(completionRow)
  const done = db.dialect.name === 'postgres' ? await completedByUnnest(db, rows) : await updateUnfinishedByCase(db, COMPLETION_COLUMNS, rows)
  return first.filter((c) => done.has(c.logId)).map((c) => c.logId)
}

/** A completion as the row the PostgreSQL and MySQL batches take. */
const completionRow = (c: RunCompletion): SqlValue[] => [c.logId, handleCodeColumn(c), c.handleMsg, c.handleTimeMs]

/**
 * SQLite: `completeRuns` with a few dozen completions per UPDATE … FROM VALUES … RETURNING. Within one
 * statement a run listed twice would take either row, so only its first completion goes in: the
 * second would have met a finished run, as it does one statement later.
 */
async function completeByValues(db: Connection, completions: readonly RunCompletion[]): Promise<number[]> {
  const seen = new Set<number>()
  const first = completions.filter((c) => !seen.has(c.logId) && seen.add(c.logId))
  const statements: SizedParams[] = []
  let from = 0
  for (const size of statementSizes(first.length, ROWS_PER_UPDATE)) {
    const params: SqlValue[] = []
    for (const c of first.slice(from, (from += size))) params.push(c.logId, handleCodeColumn(c), c.handleMsg, c.handleTimeMs)
    statements.push({ size, params })
  }
  const done = await updatedIds(
    db,
    statements,
    completionsStatement,
    first.map((c) => c.logId),
  )
  return first.filter((c) => done.has(c.logId)).map((c) => c.logId)
}

/** PostgreSQL: `completeRuns`' rows in one UPDATE … FROM unnest … RETURNING; resolves with the ids written. */
async function completedByUnnest(db: Connection, rows: readonly SqlValue[][]): Promise<Set<number>> {
  return new Set((await db.all<{ id: number }>(COMPLETIONS_BY_UNNEST, unnestParams(rows, 4))).map((row) => Number(row.id)))
}

/** handle_code as written: a completion that reports none (0) ends the run as failed, never leaves it running. */
function handleCodeColumn(completion: RunCompletion): number {
  return completion.handleCode === HANDLE_CODE.none ? HANDLE_CODE.fail : completion.handleCode
}

/** Outcome-and-completion pairs per SQLite UPDATE … FROM VALUES. */
const PAIRS_PER_STATEMENT = 64
/** Rows per SQLite UPDATE … FROM VALUES of outcomes alone or completions alone. */
const ROWS_PER_UPDATE = 64
/** SQLite: the trigger outcomes of `size` runs in one UPDATE (recordOutcomes). */
const outcomesStatement = statementsBySize(
  (size) => `UPDATE job_log
        SET executor_address = v.column2, trigger_code = v.column3, trigger_msg = v.column4, trigger_trail = v.column5
       FROM (VALUES ${valuesRows(size, 5)}) AS v
      WHERE job_log.id = v.column1`,
)
/** An UPDATE's text by batch size, with `RETURNING id` (SQLite ≥ 3.35) or without (counted). */
type UpdateText = ReturnType<typeof countedOrReturning>

/** SQLite: `size` completions in one UPDATE (completeRuns); a message joins one already there on a new line. */
const completionsStatement = countedOrReturning(
  (size) => `UPDATE job_log
        SET handle_code = v.column2,
            handle_msg = substr(CASE WHEN job_log.handle_msg = '' THEN v.column3 ELSE job_log.handle_msg || char(10) || v.column3 END, 1, ${HANDLE_MSG_MAX_CHARS}),
            handle_time = v.column4
       FROM (VALUES ${valuesRows(size, 4)}) AS v
      WHERE job_log.id = v.column1 AND job_log.handle_code = 0`,
  'id',
)
/** SQLite: one UPDATE … FROM VALUES for `size` outcome-and-completion pairs. */
const pairsStatement = countedOrReturning(
  (size) => `UPDATE job_log
        SET executor_address = v.column2, trigger_code = v.column3, trigger_msg = v.column4, trigger_trail = v.column5,
            handle_code = v.column6, handle_msg = substr(v.column7, 1, ${HANDLE_MSG_MAX_CHARS}), handle_time = v.column8
       FROM (VALUES ${valuesRows(size, 8)}) AS v
      WHERE job_log.id = v.column1 AND job_log.handle_code = 0`,
  'id',
)

/** PostgreSQL: trigger outcomes, one row each (recordOutcomes). */
const OUTCOMES_BY_UNNEST = `UPDATE job_log
      SET executor_address = v.address, trigger_code = v.code, trigger_msg = v.msg, trigger_trail = v.trail
     FROM ${unnestFrom('v', [
       ['id', 'bigint'],
       ['address', 'text'],
       ['code', 'int'],
       ['msg', 'text'],
       ['trail', 'text'],
     ])}
    WHERE job_log.id = v.id`
/** PostgreSQL: completions (completeRuns); a message joins one already there on a new line. */
const COMPLETIONS_BY_UNNEST = `UPDATE job_log
      SET handle_code = v.code,
          handle_msg = substr(CASE WHEN job_log.handle_msg = '' THEN v.msg ELSE job_log.handle_msg || chr(10) || v.msg END, 1, ${HANDLE_MSG_MAX_CHARS}),
          handle_time = v.at
     FROM ${unnestFrom('v', [
       ['id', 'bigint'],
       ['code', 'int'],
       ['msg', 'text'],
       ['at', 'bigint'],
     ])}
    WHERE job_log.id = v.id AND job_log.handle_code = 0
    RETURNING job_log.id`
/** PostgreSQL: outcome-and-completion pairs (recordOutcomesAndComplete). */
const PAIRS_BY_UNNEST = `UPDATE job_log
      SET executor_address = v.address, trigger_code = v.trigger_code, trigger_msg = v.trigger_msg, trigger_trail = v.trail,
          handle_code = v.handle_code, handle_msg = substr(v.handle_msg, 1, ${HANDLE_MSG_MAX_CHARS}), handle_time = v.handle_time
     FROM ${unnestFrom('v', [
       ['id', 'bigint'],
       ['address', 'text'],
       ['trigger_code', 'int'],
       ['trigger_msg', 'text'],
       ['trail', 'text'],
       ['handle_code', 'int'],
       ['handle_msg', 'text'],
       ['handle_time', 'bigint'],
     ])}
    WHERE job_log.id = v.id AND job_log.handle_code = 0
    RETURNING job_log.id`

/** MySQL: the columns of an outcome (recordOutcomes). */
const OUTCOME_COLUMNS: readonly CaseColumn[] = [{ name: 'executor_address' }, { name: 'trigger_code' }, { name: 'trigger_msg' }, { name: 'trigger_trail' }]
/** MySQL: a completion's message is cut to the column's bound. */
const boundedMsg = (byId: string) => `substr(${byId}, 1, ${HANDLE_MSG_MAX_CHARS})`
/** MySQL: the columns of a completion (completeRuns); a message joins one already there on a new line. */
const COMPLETION_COLUMNS: readonly CaseColumn[] = [
  { name: 'handle_code' },
  { name: 'handle_msg', wrap: (byId) => boundedMsg(`CONCAT(CASE WHEN handle_msg = '' THEN '' ELSE CONCAT(handle_msg, CHAR(10 USING utf8mb4)) END, ${byId})`) },
  { name: 'handle_time' },
]
/** MySQL: the columns of an outcome with its completion (recordOutcomesAndComplete). */
const PAIR_COLUMNS: readonly CaseColumn[] = [...OUTCOME_COLUMNS, { name: 'handle_code' }, { name: 'handle_msg', wrap: boundedMsg }, { name: 'handle_time' }]
