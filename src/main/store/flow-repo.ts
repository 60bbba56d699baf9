import { DEADLINE_COLUMNS, deadlineColumnsOf, deadlineTermsOfRow, type DeadlineRow } from './deadline-columns'
import type { Flow, FlowOverlap } from '../../shared/flow-types'
import type { MisfireStrategy, ScheduleType } from '../../shared/model'
import { definitionFromText, definitionToText } from './flow-definition-column'
import { deleteRunsOfFlow } from './flow-run-repo'
import type { Connection, SqlValue } from './sql/connection'
import { calendarTermsOf, type ScheduleRow } from './job-rows'
import { paramColumnsOf, paramsFieldsOfRow, type ParamColumns } from './param-columns'

/** `job_flow` as stored; `flowOf` maps it to the `Flow` the rest of the app speaks. */
interface FlowRow extends ScheduleRow, DeadlineRow, ParamColumns {
  id: number
  name: string
  description: string
  max_active_runs: number
  overlap: string
  timeout_sec: number
  alarm_email: string
  /** NULL: the server's default (0024). */
  alarm_after_failures: number | null
  alarm_quiet_sec: number | null
  param: string
  definition: string
  trigger_status: number
  trigger_last_time: number
  trigger_next_time: number
  trigger_held_time: number
  add_time: number
  update_time: number
}

/** A flow as its schedule sees it: with the slot a maintenance window holds back (0: none), while its next time is the windows' close. */
export type ScheduledFlow = Flow & { triggerHeldTimeMs: number }

/** The columns an insert writes, in the order `valuesOf` gives them. */
const INSERT_COLUMNS = [
  'name',
  'description',
  'schedule_type',
  'schedule_conf',
  'timezone',
  'calendar',
  'calendar_rule',
  'calendar_roll',
  'misfire_strategy',
  'max_active_runs',
  'overlap',
  'timeout_sec',
  'alarm_email',
  'alarm_after_failures',
  'alarm_quiet_sec',
  'param',
  'definition',
  'trigger_status',
  'trigger_last_time',
  'trigger_next_time',
  'add_time',
  'update_time',
  ...DEADLINE_COLUMNS,
  'params',
  'param_format',
  'param_template',
] as const satisfies readonly (keyof FlowRow)[]

/** What an update writes: everything but the id and the time the flow was added. */
const UPDATE_COLUMNS = INSERT_COLUMNS.filter((c) => c !== 'add_time')

/** `job_flow`: flows (DAGs of jobs run as one unit) and their schedule bookkeeping. */
export class FlowRepo {
  constructor(private readonly db: Connection) {}

  /**
   * Every flow by name. Sorted here, not by the engine: PostgreSQL's collation would order names
   * unlike SQLite's and MySQL's binary one, and the flows are few.
   */
  async all(): Promise<Flow[]> {
    const flows = (await this.db.all<FlowRow>('SELECT * FROM job_flow')).map(flowOf)
    return flows.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  }

  async get(id: number): Promise<Flow | null> {
    const row = await this.db.get<FlowRow>('SELECT * FROM job_flow WHERE id = ?', [id])
    return row ? flowOf(row) : null
  }

  async getByName(name: string): Promise<Flow | null> {
    const row = await this.db.get<FlowRow>('SELECT * FROM job_flow WHERE name = ?', [name])
    return row ? flowOf(row) : null
  }

  /** Fails on a name another flow has (the unique key). */
  async insert(flow: Omit<Flow, 'id'>): Promise<number> {
    const values = valuesOf(flow)
    const id = await this.db.insert(
      `INSERT INTO job_flow (${INSERT_COLUMNS.join(', ')}) VALUES (${INSERT_COLUMNS.map(() => '?').join(', ')})`,
      INSERT_COLUMNS.map((c) => values[c]),
    )
    return id!
  }

  /** Writes the flow; a new next time (a schedule changed) ends a maintenance window's hold on it. */
  async update(flow: Flow): Promise<void> {
    const values = valuesOf(flow)
    // First in the list: MySQL assigns left to right, so trigger_next_time is still the old one here.
    await this.db.run(
      `UPDATE job_flow SET trigger_held_time = CASE WHEN trigger_next_time = ? THEN trigger_held_time ELSE 0 END, ${UPDATE_COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`,
      [values.trigger_next_time, ...UPDATE_COLUMNS.map((c) => values[c]), flow.id],
    )
  }

  /**
   * Deletes the flow with its runs, their nodes and steps. The flow row goes last: a delete cut
   * short leaves the flow in place to be deleted again, never runs without their flow.
   */
  async delete(id: number): Promise<boolean> {
    await deleteRunsOfFlow(this.db, id)
    return (await this.db.run('DELETE FROM job_flow WHERE id = ?', [id])) > 0
  }

  /** Starts (1) or pauses (0) the flow's schedule with its next fire time, ending any hold; false when there is no such flow. */
  async setSchedule(id: number, triggerStatus: 0 | 1, nextTimeMs: number, nowMs: number): Promise<boolean> {
    const changed = await this.db.run('UPDATE job_flow SET trigger_status = ?, trigger_next_time = ?, trigger_held_time = 0, update_time = ? WHERE id = ?', [
      triggerStatus,
      nextTimeMs,
      nowMs,
      id,
    ])
    return changed > 0
  }

  /** Scheduled flows whose next fire is at or before `nowMs`, earliest first (the flow scheduler's query). */
  async due(nowMs: number, limit: number): Promise<ScheduledFlow[]> {
    const rows = await this.db.all<FlowRow>(
      `SELECT * FROM job_flow${this.db.dialect.indexedBy('job_flow_due')}
        WHERE trigger_status = 1 AND trigger_next_time > 0 AND trigger_next_time <= ? ORDER BY trigger_next_time LIMIT ?`,
      [nowMs, limit],
    )
    return rows.map(scheduledFlowOf)
  }

  /** Active flows a maintenance window holds, by id after `afterId`, at most `limit` (looked at again when the windows change). */
  async held(afterId: number, limit: number): Promise<ScheduledFlow[]> {
    const rows = await this.db.all<FlowRow>('SELECT * FROM job_flow WHERE trigger_status = 1 AND trigger_held_time > 0 AND id > ? ORDER BY id LIMIT ?', [
      afterId,
      limit,
    ])
    return rows.map(scheduledFlowOf)
  }

  /**
   * Moves a fire from `expectedNextMs` on to `nextMs` if nobody has yet: a compare-and-set on the
   * next time, so of the nodes that all saw the flow due exactly one gets true and fires it.
   * `heldMs`: the slot a window holds back from now on (0: none).
   */
  async claimFire(id: number, expectedNextMs: number, lastMs: number, nextMs: number, heldMs = 0): Promise<boolean> {
    const changed = await this.db.run(
      'UPDATE job_flow SET trigger_last_time = ?, trigger_next_time = ?, trigger_held_time = ? WHERE id = ? AND trigger_status = 1 AND trigger_next_time = ?',
      [lastMs, nextMs, heldMs, id, expectedNextMs],
    )
    return changed === 1
  }

  /**
   * Holds the flow's row lock until the caller's transaction ends, so two nodes that count a flow's
   * active runs before starting one take turns. SQLite's transaction already holds the whole file.
   */
  async lock(id: number): Promise<void> {
    await this.db.get(`SELECT id FROM job_flow WHERE id = ?${this.db.dialect.lockRows}`, [id])
  }
}

function valuesOf(flow: Omit<Flow, 'id'>): Record<(typeof INSERT_COLUMNS)[number], SqlValue> {
  return {
    name: flow.name,
    description: flow.description,
    schedule_type: flow.scheduleType,
    schedule_conf: flow.scheduleConf,
    timezone: flow.timezone,
    calendar: flow.calendar,
    calendar_rule: flow.calendarRule,
    calendar_roll: flow.calendarRoll,
    misfire_strategy: flow.misfireStrategy,
    max_active_runs: flow.maxActiveRuns,
    overlap: flow.overlap,
    timeout_sec: flow.timeoutSec,
    alarm_email: flow.alarmEmail,
    alarm_after_failures: flow.alarmAfterFailures,
    alarm_quiet_sec: flow.alarmQuietSec,
    param: flow.param,
    definition: definitionToText(flow),
    trigger_status: flow.triggerStatus,
    trigger_last_time: flow.triggerLastTimeMs,
    trigger_next_time: flow.triggerNextTimeMs,
    add_time: flow.addTimeMs,
    update_time: flow.updateTimeMs,
    ...deadlineColumnsOf(flow),
    ...paramColumnsOf(flow),
  }
}

function flowOf(row: FlowRow): Flow {
  const { nodes, edges } = definitionFromText(row.definition, `flow ${row.id}`)
  return {
    id: Number(row.id),
    name: row.name,
    description: row.description,
    scheduleType: row.schedule_type as ScheduleType,
    scheduleConf: row.schedule_conf,
    timezone: row.timezone,
    ...calendarTermsOf(row),
    misfireStrategy: row.misfire_strategy as MisfireStrategy,
    maxActiveRuns: Number(row.max_active_runs),
    overlap: row.overlap as FlowOverlap,
    timeoutSec: Number(row.timeout_sec),
    alarmEmail: row.alarm_email,
    alarmAfterFailures: row.alarm_after_failures === null ? null : Number(row.alarm_after_failures),
    alarmQuietSec: row.alarm_quiet_sec === null ? null : Number(row.alarm_quiet_sec),
    param: row.param,
    nodes,
    edges,
    triggerStatus: Number(row.trigger_status) === 1 ? 1 : 0,
    triggerLastTimeMs: Number(row.trigger_last_time),
    triggerNextTimeMs: Number(row.trigger_next_time),
    addTimeMs: Number(row.add_time),
    updateTimeMs: Number(row.update_time),
    ...deadlineTermsOfRow(row),
    ...paramsFieldsOfRow(row),
  }
}

function scheduledFlowOf(row: FlowRow): ScheduledFlow {
  return { ...flowOf(row), triggerHeldTimeMs: Number(row.trigger_held_time) }
}
