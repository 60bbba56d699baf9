import type { FlowItemRecord, FlowStep } from '../domain/flows'
import type { Connection } from './sql/connection'
import { insertRows } from './sql/insert-rows'

interface ItemRow {
  flow_run_id: number
  node_key: string
  attempt: number
  item_index: number
  state: string
  log_id: number
  output: string
  start_time: number
  end_time: number
}

/** The states an item ends in. */
type EndedItemState = 'success' | 'failed' | 'killed'

/** The run states a node's item may start in, as for a node (flow-run-repo.ts). */
const RUN_STARTABLE = "state IN ('running', 'waiting')"

/**
 * `job_flow_item`: the items of fan-out nodes (docs/flows.md#fan-out-foreach), one row per item of
 * a node's attempt. Every change is a compare-and-set on the item's state, and the claim of an item
 * also holds the node's concurrency cap, so an item runs once and no more than the cap run at once
 * however many servers move the flow on.
 */
export class FlowItemRepo {
  constructor(private readonly db: Connection) {}

  /** Writes items 0…count-1 of the node's attempt, pending; an item already written stays as it is. */
  async insertItems(flowRunId: number, key: string, attempt: number, count: number): Promise<void> {
    const rows = Array.from({ length: count }, (_, index) => [flowRunId, key, attempt, index])
    await insertRows(this.db, 'job_flow_item', ['flow_run_id', 'node_key', 'attempt', 'item_index'], rows, true)
  }

  /** The node's items of `attempt`, in index order. */
  async items(flowRunId: number, key: string, attempt: number): Promise<FlowItemRecord[]> {
    const rows = await this.db.all<ItemRow>('SELECT * FROM job_flow_item WHERE flow_run_id = ? AND node_key = ? AND attempt = ? ORDER BY item_index', [
      flowRunId,
      key,
      attempt,
    ])
    return rows.map(itemOf)
  }

  /** Every item of the run (every node, every attempt), by node key then attempt then index. */
  async itemsOfRun(flowRunId: number): Promise<FlowItemRecord[]> {
    const rows = await this.db.all<ItemRow>('SELECT * FROM job_flow_item WHERE flow_run_id = ? ORDER BY attempt, item_index', [flowRunId])
    return rows.map(itemOf)
  }

  /**
   * Claims a pending item (pending → running) for the run being written in the same transaction:
   * only while its node runs that attempt in a run that is under way, and fewer than `cap` of the
   * node's items run. The node's row is locked first, so two servers' claims for one node take
   * turns: the second counts the first's item once it committed (a locking read sees the latest
   * rows on every engine; SQLite has one writer). True for the one caller whose claim held.
   */
  async claim(flowRunId: number, key: string, attempt: number, index: number, cap: number, nowMs: number): Promise<boolean> {
    const { lockRows, lockShared } = this.db.dialect
    const node = await this.db.get(
      `SELECT node_key FROM job_flow_node
        WHERE flow_run_id = ? AND node_key = ? AND attempt = ? AND state = 'running'
          AND EXISTS (SELECT id FROM job_flow_run WHERE id = ? AND ${RUN_STARTABLE}${lockShared})${lockRows}`,
      [flowRunId, key, attempt, flowRunId],
    )
    if (!node) return false
    // The running items' rows, not COUNT(*): PostgreSQL locks no aggregate, and the lock makes the read current.
    const running = await this.db.all(
      `SELECT item_index FROM job_flow_item WHERE flow_run_id = ? AND node_key = ? AND attempt = ? AND state = 'running'${lockShared}`,
      [flowRunId, key, attempt],
    )
    if (running.length >= cap) return false
    const changed = await this.db.run(
      "UPDATE job_flow_item SET state = 'running', start_time = ? WHERE flow_run_id = ? AND node_key = ? AND attempt = ? AND item_index = ? AND state = 'pending'",
      [nowMs, flowRunId, key, attempt, index],
    )
    return changed === 1
  }

  /** A retry's proof that the item still runs (so its run may be written); true when it does. */
  async stillRunning(flowRunId: number, key: string, attempt: number, index: number): Promise<boolean> {
    const changed = await this.db.run(
      "UPDATE job_flow_item SET state = 'running' WHERE flow_run_id = ? AND node_key = ? AND attempt = ? AND item_index = ? AND state = 'running'",
      [flowRunId, key, attempt, index],
    )
    return changed === 1
  }

  /** The item's latest run, written with it. */
  async setRun(flowRunId: number, key: string, attempt: number, index: number, logId: number): Promise<void> {
    await this.db.run('UPDATE job_flow_item SET log_id = ? WHERE flow_run_id = ? AND node_key = ? AND attempt = ? AND item_index = ?', [
      logId,
      flowRunId,
      key,
      attempt,
      index,
    ])
  }

  /**
   * Ends an item (compare-and-set from `from`: running when its run ended, pending when its run
   * could not even be written); true for the one caller whose change matched.
   */
  async end(
    item: { flowRunId: number; key: string; attempt: number; index: number },
    from: 'pending' | 'running',
    to: EndedItemState,
    output: string,
    endTimeMs: number,
  ): Promise<boolean> {
    const changed = await this.db.run(
      'UPDATE job_flow_item SET state = ?, output = ?, end_time = ? WHERE flow_run_id = ? AND node_key = ? AND attempt = ? AND item_index = ? AND state = ?',
      [to, output, endTimeMs, item.flowRunId, item.key, item.attempt, item.index, from],
    )
    return changed === 1
  }

  /** Ends the node's items that are not done (a kill of the flow run): running and pending ones alike. */
  async killOpen(flowRunId: number, key: string, attempt: number, nowMs: number): Promise<void> {
    await this.db.run(
      "UPDATE job_flow_item SET state = 'killed', end_time = ? WHERE flow_run_id = ? AND node_key = ? AND attempt = ? AND state IN ('pending', 'running')",
      [nowMs, flowRunId, key, attempt],
    )
  }

  /** The job runs of the run's items (retries included), oldest first, by `key/attempt/index`. */
  async runIdsOfItems(flowRunId: number): Promise<Map<string, number[]>> {
    const rows = await this.db.all<{ log_id: number; node_key: string; attempt: number; item_index: number }>(
      'SELECT log_id, node_key, attempt, item_index FROM job_flow_step WHERE flow_run_id = ? AND item_index >= 0 ORDER BY log_id',
      [flowRunId],
    )
    const byItem = new Map<string, number[]>()
    for (const row of rows) {
      const id = itemId(row.node_key, Number(row.attempt), Number(row.item_index))
      byItem.set(id, [...(byItem.get(id) ?? []), Number(row.log_id)])
    }
    return byItem
  }

  /**
   * The steps of running items (of running nodes in runs under way) whose job run has ended: a
   * completion no server heard of (the process stopped between the two). Empty in normal operation.
   */
  async endedRunningSteps(): Promise<FlowStep[]> {
    const rows = await this.db.all<{ log_id: number; flow_run_id: number; node_key: string; attempt: number; item_index: number }>(
      `SELECT s.log_id, s.flow_run_id, s.node_key, s.attempt, s.item_index
       FROM job_flow_item i
       JOIN job_flow_run r ON r.id = i.flow_run_id AND r.state IN ('running', 'waiting')
       JOIN job_flow_step s ON s.flow_run_id = i.flow_run_id AND s.node_key = i.node_key AND s.attempt = i.attempt AND s.item_index = i.item_index
       JOIN job_log l ON l.id = s.log_id
       WHERE i.state = 'running' AND (l.handle_code <> 0 OR l.trigger_code NOT IN (0, 200))
       ORDER BY s.log_id`,
    )
    return rows.map((row) => ({
      logId: Number(row.log_id),
      flowRunId: Number(row.flow_run_id),
      key: row.node_key,
      attempt: Number(row.attempt),
      item: Number(row.item_index),
    }))
  }
}

/** The key runIdsOfItems names an item by. */
export const itemId = (key: string, attempt: number, index: number): string => `${key}/${attempt}/${index}`

function itemOf(row: ItemRow): FlowItemRecord {
  return {
    flowRunId: Number(row.flow_run_id),
    key: row.node_key,
    attempt: Number(row.attempt),
    index: Number(row.item_index),
    state: row.state as FlowItemRecord['state'],
    logId: Number(row.log_id),
    output: row.output,
    startTimeMs: Number(row.start_time),
    endTimeMs: Number(row.end_time),
  }
}
