import type { ChildRunRef, FlowRunHead, FlowRunRecord, FlowNodeChange, FlowNodeRecord, FlowRunChange, FlowStep, NewFlowRun } from '../domain/flows'
import type { FlowDefinition, FlowNodeState, FlowRunState } from '../../shared/flow-types'
import { definitionFromText, definitionToText } from './flow-definition-column'
import { childOf, HEAD_COLUMNS, headOf, nodeOf, runOf, stepOf, type ChildRow, type NodeRow, type RunRow, type StepRow } from './flow-run-rows'
import type { Connection, SqlValue } from './sql/connection'
import { idChunks, inList, insertRows } from './sql/insert-rows'

const RUN_INSERT_COLUMNS = [
  'flow_id',
  'state',
  'trigger_type',
  'param',
  'schedule_time',
  'backfill_id',
  'definition',
  'start_time',
  'add_time',
  'parent_flow_run_id',
  'parent_key',
  'parent_attempt',
  'typed_params',
] as const
const CHILD_COLUMNS = 'c.id, c.flow_id, c.state, c.parent_flow_run_id, c.parent_key, c.parent_attempt'
const STEP_COLUMNS = ['log_id', 'flow_run_id', 'node_key', 'attempt', 'item_index'] as const

/**
 * The WHERE of the partial index job_flow_run_active. SQLite uses a partial index only for a query
 * that repeats its WHERE term for term, so the narrower queries say it too.
 */
const ACTIVE = "state IN ('queued', 'running', 'waiting')"

/** The run states a node may start in: neither queued nor ended (killed, failed, success). */
const STARTABLE = "state IN ('running', 'waiting')"

/** Flows per statement of recentByFlow: one subquery each. */
const FLOWS_PER_STATEMENT = 64

/** `job_flow_run`, `job_flow_node`, `job_flow_step`: the runs of flows, their nodes, and the job runs the nodes made. */
export class FlowRunRepo {
  constructor(private readonly db: Connection) {}

  /**
   * SQLite's hint for the partial index of the runs under way: without it SQLite walks every run in
   * id order (for ORDER BY id) or every run of the flow, ended ones too, instead of the few active.
   */
  private get active(): string {
    return this.db.dialect.indexedBy('job_flow_run_active')
  }

  /**
   * Writes the run and one pending node (attempt 0) per key; null, with nothing written, when the
   * run's scheduled time already has a run of the flow (the unique index drops the second fire).
   * Call inside a transaction, so the run never stands without its nodes.
   */
  async insertRun(run: NewFlowRun, nodeKeys: readonly string[]): Promise<number | null> {
    const id = await this.db.insert(this.db.dialect.insertIgnore('job_flow_run', RUN_INSERT_COLUMNS), [
      run.flowId,
      run.state,
      run.triggerType,
      run.param,
      run.scheduleTimeMs,
      run.backfillId ?? 0,
      definitionToText(run.definition),
      run.startTimeMs,
      run.addTimeMs,
      run.parentRun?.flowRunId ?? 0,
      run.parentRun?.key ?? '',
      run.parentRun?.attempt ?? 0,
      run.typedParams === undefined ? null : JSON.stringify(run.typedParams),
    ])
    if (id === null) return null
    await insertRows(
      this.db,
      'job_flow_node',
      ['flow_run_id', 'node_key'],
      nodeKeys.map((key) => [id, key]),
      false,
    )
    return id
  }

  /** The states of these runs, by id (a run that is gone is absent). */
  async statesOf(ids: readonly number[]): Promise<Map<number, FlowRunState>> {
    const states = new Map<number, FlowRunState>()
    for (const chunk of idChunks(ids)) {
      const rows = await this.db.all<{ id: number; state: string }>(`SELECT id, state FROM job_flow_run WHERE id IN (${inList(chunk.length)})`, chunk)
      for (const row of rows) states.set(Number(row.id), row.state as FlowRunState)
    }
    return states
  }

  /** The slots in [fromMs, toMs) that have a successful run of the flow, whatever started it (a backfill's `onlyMissing`). */
  async succeededSlots(flowId: number, fromMs: number, toMs: number): Promise<Set<number>> {
    const rows = await this.db.all<{ schedule_time: number | string }>(
      "SELECT schedule_time FROM job_flow_run WHERE flow_id = ? AND schedule_time >= ? AND schedule_time < ? AND state = 'success'",
      [flowId, fromMs, toMs],
    )
    return new Set(rows.map((r) => Number(r.schedule_time)))
  }

  /** The run a backfill wrote for one slot of the flow, or null. */
  async backfillRunId(flowId: number, slotMs: number, backfillId: number): Promise<number | null> {
    const row = await this.db.get<{ id: number }>('SELECT id FROM job_flow_run WHERE flow_id = ? AND schedule_time = ? AND backfill_id = ?', [
      flowId,
      slotMs,
      backfillId,
    ])
    return row ? Number(row.id) : null
  }

  async get(id: number): Promise<FlowRunRecord | null> {
    const row = await this.db.get<RunRow>('SELECT * FROM job_flow_run WHERE id = ?', [id])
    return row ? runOf(row) : null
  }

  /** The run without its definition: for a caller that has the definition already (it never changes) or needs none. */
  async head(id: number): Promise<FlowRunHead | null> {
    const row = await this.db.get<Omit<RunRow, 'definition'>>(`SELECT ${HEAD_COLUMNS} FROM job_flow_run WHERE id = ?`, [id])
    return row ? headOf(row) : null
  }

  /** The graph the run was created with, or null when the run is gone. */
  async definitionOf(id: number): Promise<FlowDefinition | null> {
    const row = await this.db.get<{ definition: string }>('SELECT definition FROM job_flow_run WHERE id = ?', [id])
    return row ? definitionFromText(row.definition, `flow run ${id}`) : null
  }

  /** Newest first; `beforeId` pages on (keyset: runs with a smaller id). */
  async list(filter: { flowId?: number; state?: FlowRunState; beforeId?: number; limit: number }): Promise<FlowRunRecord[]> {
    const where: string[] = []
    const args: SqlValue[] = []
    const add = (clause: string, value: SqlValue) => {
      where.push(clause)
      args.push(value)
    }
    if (filter.flowId !== undefined) add('flow_id = ?', filter.flowId)
    if (filter.state !== undefined) add('state = ?', filter.state)
    if (filter.beforeId !== undefined) add('id < ?', filter.beforeId)
    const rows = await this.db.all<RunRow>(
      `SELECT * FROM job_flow_run ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ${positiveInteger(filter.limit)}`,
      args,
    )
    return rows.map(runOf)
  }

  /**
   * Each flow's latest `perFlow` runs, oldest first, keyed by flow id (a flow with no runs is
   * absent). One index range per flow (flow_id, id), a few dozen flows per statement: a window
   * over every run would read them all, and a flow that fires each minute adds half a million a year.
   */
  async recentByFlow(perFlow: number): Promise<Map<number, FlowRunRecord[]>> {
    const byFlow = new Map<number, FlowRunRecord[]>()
    const flowIds = (await this.db.all<{ id: number }>('SELECT id FROM job_flow ORDER BY id')).map((r) => Number(r.id))
    const limit = positiveInteger(perFlow)
    for (let from = 0; from < flowIds.length; from += FLOWS_PER_STATEMENT) {
      const chunk = flowIds.slice(from, from + FLOWS_PER_STATEMENT)
      const sql = chunk
        .map((_, i) => `SELECT * FROM (SELECT * FROM job_flow_run WHERE flow_id = ? ORDER BY id DESC LIMIT ${limit}) AS recent${i}`)
        .join(' UNION ALL ')
      for (const run of (await this.db.all<RunRow>(sql, chunk)).map(runOf)) {
        const runs = byFlow.get(run.flowId)
        if (runs) runs.push(run)
        else byFlow.set(run.flowId, [run])
      }
    }
    for (const runs of byFlow.values()) runs.sort((a, b) => a.id - b.id)
    return byFlow
  }

  /** The flow's runs that hold a slot of its maxActiveRuns: running or waiting (a queued one waits for a slot). */
  async countActive(flowId: number): Promise<number> {
    const row = await this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM job_flow_run${this.active} WHERE flow_id = ? AND ${ACTIVE} AND ${STARTABLE}`, [
      flowId,
    ])
    return Number(row!.n)
  }

  /** Every run not yet ended (queued, running, waiting), oldest first: what an engine resumes. */
  async activeRuns(): Promise<FlowRunRecord[]> {
    return (await this.db.all<RunRow>(`SELECT * FROM job_flow_run${this.active} WHERE ${ACTIVE} ORDER BY id`)).map(runOf)
  }

  async hasActive(): Promise<boolean> {
    return (await this.db.get(`SELECT id FROM job_flow_run${this.active} WHERE ${ACTIVE} LIMIT 1`)) !== undefined
  }

  /** The flow's queued run that waited longest, which the next free slot goes to. */
  async oldestQueued(flowId: number): Promise<number | null> {
    const row = await this.db.get<{ id: number }>(
      `SELECT id FROM job_flow_run${this.active} WHERE flow_id = ? AND ${ACTIVE} AND state = 'queued' ORDER BY id LIMIT 1`,
      [flowId],
    )
    return row ? Number(row.id) : null
  }

  /** Compare-and-set: moves the run to `to` only from one of `from`; true for the one caller whose change matched. */
  async setState(id: number, from: readonly FlowRunState[], to: FlowRunState, change: FlowRunChange = {}): Promise<boolean> {
    if (from.length === 0) return false
    const set = setClause({ state: to, start_time: change.startTimeMs, end_time: change.endTimeMs, reason: change.reason })
    const changed = await this.db.run(`UPDATE job_flow_run SET ${set.sql} WHERE id = ? AND state IN (${inList(from.length)})`, [...set.args, id, ...from])
    return changed === 1
  }

  /** The run's nodes by key (sorted here: PostgreSQL's collation orders '_' and '-' unlike the others). */
  async nodes(flowRunId: number): Promise<FlowNodeRecord[]> {
    const rows = await this.db.all<NodeRow>('SELECT * FROM job_flow_node WHERE flow_run_id = ?', [flowRunId])
    return rows.map(nodeOf).sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
  }

  /** These nodes of the run (keys that are not its nodes are absent): what one step of a large run reads instead of every node. */
  async nodesOf(flowRunId: number, keys: readonly string[]): Promise<FlowNodeRecord[]> {
    const nodes: FlowNodeRecord[] = []
    for (const chunk of idChunks(keys)) {
      const rows = await this.db.all<NodeRow>(`SELECT * FROM job_flow_node WHERE flow_run_id = ? AND node_key IN (${inList(chunk.length)})`, [
        flowRunId,
        ...chunk,
      ])
      nodes.push(...rows.map(nodeOf))
    }
    return nodes
  }

  /** The states the run's nodes are in, each once: whether the run is done, waits or runs, without reading its nodes. */
  async nodeStates(flowRunId: number): Promise<Set<FlowNodeState>> {
    const rows = await this.db.all<{ state: string }>('SELECT DISTINCT state FROM job_flow_node WHERE flow_run_id = ?', [flowRunId])
    return new Set(rows.map((r) => r.state as FlowNodeState))
  }

  /**
   * Compare-and-set on the node's state, and on its attempt unless `attempt` is null: a run of an
   * earlier attempt (the node was retried since) no longer decides it.
   */
  async setNodeState(
    flowRunId: number,
    key: string,
    from: readonly FlowNodeState[],
    attempt: number | null,
    to: FlowNodeState,
    change: FlowNodeChange = {},
  ): Promise<boolean> {
    if (from.length === 0) return false
    const set = setClause({
      state: to,
      output: change.output,
      output_cut_from_bytes: change.outputCutFromBytes,
      start_time: change.startTimeMs,
      end_time: change.endTimeMs,
      note: change.note,
    })
    const args: SqlValue[] = [...set.args, flowRunId, key, ...from]
    if (attempt !== null) args.push(attempt)
    const changed = await this.db.run(
      `UPDATE job_flow_node SET ${set.sql} WHERE flow_run_id = ? AND node_key = ? AND state IN (${inList(from.length)})${attempt === null ? '' : ' AND attempt = ?'}`,
      args,
    )
    return changed === 1
  }

  /**
   * Starts a pending node of `attempt` (running for a job, waiting for an approval), only while its
   * run is running or waiting: a node never starts in a run that was killed or has ended. The run's
   * row is read with a shared lock, so on the servers a kill committing at the same time either
   * waits for this claim (and then sees the node running) or makes it fail.
   */
  async claimNode(flowRunId: number, key: string, attempt: number, to: 'running' | 'waiting', nowMs: number): Promise<boolean> {
    const changed = await this.db.run(
      `UPDATE job_flow_node SET state = ?, start_time = ?
        WHERE flow_run_id = ? AND node_key = ? AND attempt = ? AND state = 'pending'
          AND EXISTS (SELECT id FROM job_flow_run WHERE id = ? AND ${ACTIVE} AND ${STARTABLE}${this.db.dialect.lockShared})`,
      [to, nowMs, flowRunId, key, attempt, flowRunId],
    )
    return changed === 1
  }

  /** Sends nodes back to pending for another attempt (a retry, or a mark that reruns what follows), their results cleared. */
  async resetNodes(flowRunId: number, keys: readonly string[]): Promise<void> {
    for (const chunk of idChunks(keys)) {
      await this.db.run(
        `UPDATE job_flow_node
            SET state = 'pending', attempt = attempt + 1, output = '', output_cut_from_bytes = NULL, start_time = 0, end_time = 0, note = ''
          WHERE flow_run_id = ? AND node_key IN (${inList(chunk.length)})`,
        [flowRunId, ...chunk],
      )
    }
  }

  async insertSteps(steps: readonly FlowStep[]): Promise<void> {
    await insertRows(
      this.db,
      'job_flow_step',
      STEP_COLUMNS,
      steps.map((s) => [s.logId, s.flowRunId, s.key, s.attempt, s.item ?? -1]),
      false,
    )
  }

  /** The steps of those job runs that belong to a flow (a run of no flow is simply not there), by log id. */
  async stepsOf(logIds: readonly number[]): Promise<FlowStep[]> {
    const steps: FlowStep[] = []
    for (const chunk of idChunks(logIds)) {
      const rows = await this.db.all<StepRow>(`SELECT * FROM job_flow_step WHERE log_id IN (${inList(chunk.length)})`, chunk)
      steps.push(...rows.map(stepOf))
    }
    return steps.sort((a, b) => a.logId - b.logId)
  }

  async stepOf(logId: number): Promise<FlowStep | null> {
    const row = await this.db.get<StepRow>('SELECT * FROM job_flow_step WHERE log_id = ?', [logId])
    return row ? stepOf(row) : null
  }

  /**
   * The steps of running nodes (of runs under way) whose job run has ended: a completion the node
   * never heard of (the process stopped between the two). Empty in normal operation; one query for
   * every active run, so the engine's sweep stays cheap however many runs are under way. A fan-out
   * node's item runs are its items' to tell (FlowItemRepo.endedRunningSteps), not the node's.
   */
  async endedRunningSteps(): Promise<FlowStep[]> {
    const rows = await this.db.all<StepRow>(
      `SELECT s.log_id, s.flow_run_id, s.node_key, s.attempt, s.item_index
       FROM job_flow_run r
       JOIN job_flow_node n ON n.flow_run_id = r.id AND n.state = 'running'
       JOIN job_flow_step s ON s.flow_run_id = n.flow_run_id AND s.node_key = n.node_key AND s.attempt = n.attempt
       JOIN job_log l ON l.id = s.log_id
       WHERE r.${ACTIVE} AND s.item_index < 0 AND (l.handle_code <> 0 OR l.trigger_code NOT IN (0, 200))
       ORDER BY s.log_id`,
    )
    return rows.map(stepOf)
  }

  /** Each node's job runs (every attempt's), oldest first, by node key; nodes that made none are absent. */
  async runIdsOf(flowRunId: number): Promise<Map<string, number[]>> {
    const rows = await this.db.all<{ log_id: number; node_key: string }>('SELECT log_id, node_key FROM job_flow_step WHERE flow_run_id = ? ORDER BY log_id', [
      flowRunId,
    ])
    const byKey = new Map<string, number[]>()
    for (const row of rows) {
      const ids = byKey.get(row.node_key)
      if (ids) ids.push(Number(row.log_id))
      else byKey.set(row.node_key, [Number(row.log_id)])
    }
    return byKey
  }

  /** The runs subflow nodes of this run started (every attempt's), oldest first. */
  async childRuns(flowRunId: number): Promise<ChildRunRef[]> {
    const rows = await this.db.all<ChildRow>(`SELECT ${CHILD_COLUMNS} FROM job_flow_run c WHERE c.parent_flow_run_id = ? ORDER BY c.id`, [flowRunId])
    return rows.map(childOf)
  }

  /**
   * Ended child runs whose subflow node (of a run under way, at the attempt that started them) still
   * runs: an end the parent never heard of (the process stopped between the two). Empty in normal
   * operation; one query over the runs under way, as endedRunningSteps.
   */
  async endedChildrenOfRunningNodes(): Promise<ChildRunRef[]> {
    const rows = await this.db.all<ChildRow>(
      `SELECT ${CHILD_COLUMNS}
       FROM job_flow_run p
       JOIN job_flow_node n ON n.flow_run_id = p.id AND n.state = 'running'
       JOIN job_flow_run c ON c.parent_flow_run_id = p.id AND c.parent_key = n.node_key AND c.parent_attempt = n.attempt
       WHERE p.${ACTIVE} AND c.state IN ('success', 'failed', 'killed')
       ORDER BY c.id`,
    )
    return rows.map(childOf)
  }

  /** Child runs under way whose parent run has ended (killed, failed by a time-out): a kill that stopped before reaching them. */
  async activeChildrenOfEndedParents(): Promise<ChildRunRef[]> {
    const rows = await this.db.all<ChildRow>(
      `SELECT ${CHILD_COLUMNS}
       FROM job_flow_run c
       JOIN job_flow_run p ON p.id = c.parent_flow_run_id
       WHERE c.${ACTIVE} AND c.parent_flow_run_id > 0 AND p.state IN ('success', 'failed', 'killed')
       ORDER BY c.id`,
    )
    return rows.map(childOf)
  }

  async deleteForFlow(flowId: number): Promise<void> {
    await deleteRunsOfFlow(this.db, flowId)
  }
}

/**
 * Deletes a flow's runs with their nodes, steps and items, the runs last: a delete cut short leaves runs
 * to find and delete again, never nodes or steps of a run that is gone.
 */
export async function deleteRunsOfFlow(db: Connection, flowId: number): Promise<void> {
  const runsOfFlow = 'SELECT id FROM job_flow_run WHERE flow_id = ?'
  await db.run(`DELETE FROM job_flow_step WHERE flow_run_id IN (${runsOfFlow})`, [flowId])
  await db.run(`DELETE FROM job_flow_item WHERE flow_run_id IN (${runsOfFlow})`, [flowId])
  await db.run(`DELETE FROM job_flow_node WHERE flow_run_id IN (${runsOfFlow})`, [flowId])
  await db.run('DELETE FROM job_flow_run WHERE flow_id = ?', [flowId])
}

/** `a = ?, b = ?` of the columns given a value; an undefined one keeps what the row has. */
function setClause(columns: Record<string, SqlValue | undefined>): { sql: string; args: SqlValue[] } {
  const given = Object.entries(columns).filter((entry): entry is [string, SqlValue] => entry[1] !== undefined)
  return { sql: given.map(([column]) => `${column} = ?`).join(', '), args: given.map(([, value]) => value) }
}

/** A LIMIT written into the statement (a whole number of at least 1), not bound: every engine takes it so. */
function positiveInteger(n: number): number {
  return Math.max(1, Math.floor(n))
}
