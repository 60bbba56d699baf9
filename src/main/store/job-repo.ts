import type { DueJob, NextTimeUpdate } from '../domain/fires'
import { defaultJobInput } from '../../shared/job-defaults'
import type { JobInfo, JobInput } from '../../shared/model'
import { DUE_COLUMNS, dueJobOf, fromRow, toRow, type DueRow, type JobRow } from './job-rows'
import { JOB_PAGE_MAX, type JobPage, type JobQuery, type JobSort } from '../../shared/job-query'
import type { Connection, SqlValue } from './sql/connection'
import { bumpVersion } from './version-repo'
import { idChunks, inList, statementSizes, statementsBySize, valuesRows } from './sql/insert-rows'
import { unnestFrom, unnestParams } from './sql/unnest-rows'
import { updateByCase, type CaseColumn } from './mysql/mysql-case-updates'

export type StoredJob = Omit<JobInfo, 'id'>

/** Every column but `id`, in one order for inserts and updates. */
const COLUMNS = Object.keys(toRow(emptyJob())).filter((c) => c !== 'id') as (keyof JobRow)[]

/** The column each sort of a job page orders by. */
const SORT_COLUMNS: Record<JobSort, string> = { id: 'id', name: 'name', nextFire: 'trigger_next_time' }

function sortValue(job: JobInfo, sort: JobSort): string | number {
  return sort === 'name' ? job.name : sort === 'nextFire' ? job.triggerNextTimeMs : job.id
}

/** `job_info`: job definitions and their schedule bookkeeping. */
export class JobRepo {
  constructor(private readonly db: Connection) {}

  async get(id: number): Promise<JobInfo | undefined> {
    const row = await this.db.get<JobRow>('SELECT * FROM job_info WHERE id = ?', [id])
    return row && fromRow(row)
  }

  /** The jobs of `ids` that exist, in no set order: one query per chunk of ids, not one per job. */
  async getMany(ids: readonly number[]): Promise<JobInfo[]> {
    const rows: JobRow[] = []
    for (const chunk of idChunks(ids)) rows.push(...(await this.db.all<JobRow>(`SELECT * FROM job_info WHERE id IN (${inList(chunk.length)})`, chunk)))
    return rows.map(fromRow)
  }

  async list(): Promise<JobInfo[]> {
    return (await this.db.all<JobRow>('SELECT * FROM job_info ORDER BY id')).map(fromRow)
  }

  /**
   * One page of jobs by `query` (shared/job-query.ts), and how many match. Keyset, not OFFSET: the
   * page after a cursor reads from the cursor on, so the thousandth page costs what the first does.
   * The text matches name or handler in any case, with LIKE's wildcards taken as plain characters
   * (escaped with '!', which means the same on every engine, unlike a backslash).
   */
  async page(query: JobQuery): Promise<JobPage> {
    const where: string[] = []
    const params: SqlValue[] = []
    if (query.groupId !== undefined) {
      where.push('job_group = ?')
      params.push(query.groupId)
    }
    if (query.groupIds !== undefined) {
      // No group at all matches nothing; an IN list of nothing is not valid SQL everywhere.
      where.push(query.groupIds.length === 0 ? '1 = 0' : `job_group IN (${query.groupIds.map(() => '?').join(', ')})`)
      params.push(...query.groupIds)
    }
    if (query.ids !== undefined) {
      where.push(query.ids.length === 0 ? '1 = 0' : `id IN (${query.ids.map(() => '?').join(', ')})`)
      params.push(...query.ids)
    }
    if (query.status !== undefined) {
      where.push('trigger_status = ?')
      params.push(query.status === 'running' ? 1 : 0)
    }
    if (query.scheduleType !== undefined) {
      where.push('schedule_type = ?')
      params.push(query.scheduleType)
    }
    if (query.glueType !== undefined) {
      where.push('glue_type = ?')
      params.push(query.glueType)
    }
    const text = query.text?.trim().toLowerCase() ?? ''
    if (text !== '') {
      const pattern = `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`
      // An operator who types a job's id finds that job too (ids are what runs and logs show).
      const asId = /^[1-9][0-9]{0,14}$/.test(text) ? Number(text) : null
      where.push(`(LOWER(name) LIKE ? ESCAPE '!' OR LOWER(executor_handler) LIKE ? ESCAPE '!'${asId === null ? '' : ' OR id = ?'})`)
      params.push(pattern, pattern, ...(asId === null ? [] : [asId]))
    }
    const filter = where.length > 0 ? ` WHERE ${where.join(' AND ')}` : ''
    const total = Number((await this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM job_info${filter}`, params))!.n)

    const column = SORT_COLUMNS[query.sort ?? 'id']
    const order = query.descending ? 'DESC' : 'ASC'
    const beyond = query.descending ? '<' : '>'
    const keyset: string[] = [...where]
    const keysetParams = [...params]
    if (query.after) {
      keyset.push(column === 'id' ? `id ${beyond} ?` : `(${column} ${beyond} ? OR (${column} = ? AND id ${beyond} ?))`)
      keysetParams.push(...(column === 'id' ? [query.after.id] : [query.after.value, query.after.value, query.after.id]))
    }
    const limit = Math.min(query.limit ?? 100, JOB_PAGE_MAX)
    const orderBy = column === 'id' ? `id ${order}` : `${column} ${order}, id ${order}`
    const rows = await this.db.all<JobRow>(`SELECT * FROM job_info${keyset.length > 0 ? ` WHERE ${keyset.join(' AND ')}` : ''} ORDER BY ${orderBy} LIMIT ?`, [
      ...keysetParams,
      limit + 1,
    ])
    const jobs = rows.slice(0, limit).map(fromRow)
    const last = jobs.at(-1)
    const next = rows.length > limit && last ? { value: sortValue(last, query.sort ?? 'id'), id: last.id } : null
    return { jobs, total, next }
  }

  /** Every job's id, in id order (without reading and mapping whole rows). */
  async ids(): Promise<number[]> {
    return (await this.db.all<{ id: number }>('SELECT id FROM job_info ORDER BY id')).map((row) => Number(row.id))
  }

  /** The next `limit` fire times of running jobs, earliest first (the dashboard's "next fires"). */
  async nextFires(limit: number): Promise<{ jobId: number; jobName: string; atMs: number }[]> {
    const rows = await this.db.all<{ id: number; name: string; trigger_next_time: number }>(
      `SELECT id, name, trigger_next_time FROM job_info${this.db.dialect.indexedBy('job_info_due')}
        WHERE trigger_status = 1 AND trigger_next_time > 0 ORDER BY trigger_next_time LIMIT ?`,
      [limit],
    )
    return rows.map((row) => ({ jobId: Number(row.id), jobName: row.name, atMs: Number(row.trigger_next_time) }))
  }

  async counts(): Promise<{ total: number; active: number }> {
    const row = await this.db.get<{ total: number; active: number }>('SELECT COUNT(*) AS total, COALESCE(SUM(trigger_status), 0) AS active FROM job_info')
    return { total: Number(row!.total), active: Number(row!.active) }
  }

  /** Jobs that name an alarm email: the dashboard warns about them while no SMTP server is configured. */
  /** Jobs with an alarm email, of these groups only when given. */
  async countWithAlarmEmail(groupIds?: readonly number[]): Promise<number> {
    if (groupIds?.length === 0) return 0
    const inGroups = groupIds ? ` AND job_group IN (${groupIds.map(() => '?').join(', ')})` : ''
    const row = await this.db.get<{ n: number }>(`SELECT COUNT(*) AS n FROM job_info WHERE alarm_email <> ''${inGroups}`, [...(groupIds ?? [])])
    return Number(row?.n ?? 0)
  }

  async insert(job: StoredJob): Promise<number> {
    await bumpVersion(this.db, 'jobs')
    const row = toRow({ ...job, id: 0 })
    const id = await this.db.insert(
      `INSERT INTO job_info (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`,
      COLUMNS.map((c) => row[c]),
    )
    return id!
  }

  /** Writes the job; a new next time (a schedule changed) ends a maintenance window's hold on it. */
  async update(job: JobInfo): Promise<void> {
    await bumpVersion(this.db, 'jobs')
    const row = toRow(job)
    // First in the list: MySQL assigns left to right, so trigger_next_time is still the old one here.
    await this.db.run(
      `UPDATE job_info SET trigger_held_time = CASE WHEN trigger_next_time = ? THEN trigger_held_time ELSE 0 END, ${COLUMNS.map((c) => `${c} = ?`).join(', ')} WHERE id = ?`,
      [row.trigger_next_time, ...COLUMNS.map((c) => row[c]), job.id],
    )
  }

  async delete(id: number): Promise<boolean> {
    await bumpVersion(this.db, 'jobs')
    return (await this.db.run('DELETE FROM job_info WHERE id = ?', [id])) > 0
  }

  /** Starts or stops the job's schedule; either ends a maintenance window's hold on it. */
  async setTrigger(id: number, status: 0 | 1, lastMs: number, nextMs: number, nowMs: number): Promise<void> {
    await bumpVersion(this.db, 'jobs')
    await this.db.run(
      'UPDATE job_info SET trigger_status = ?, trigger_last_time = ?, trigger_next_time = ?, trigger_held_time = 0, update_time = ? WHERE id = ?',
      [status, lastMs, nextMs, nowMs, id],
    )
  }

  /**
   * Running jobs whose next fire time is at or before `maxNextMs`, earliest first. Inside the scan's
   * transaction on PostgreSQL and MySQL the rows are locked, skipping rows another node's scan holds,
   * so parallel scans share the due jobs instead of waiting for each other.
   */
  async findDue(maxNextMs: number, limit: number): Promise<DueJob[]> {
    const rows = await this.db.all<DueRow>(
      `SELECT ${DUE_COLUMNS} FROM job_info${this.db.dialect.lockingIndex('job_info_due')} WHERE trigger_status = 1 AND trigger_next_time <= ? ORDER BY trigger_next_time LIMIT ?${this.db.dialect.lockSkipLocked}`,
      [maxNextMs, limit],
    )
    return rows.map(dueJobOf)
  }

  /**
   * Running jobs a maintenance window holds (trigger_held_time set) whose close is after
   * `closingAfterMs`, by id after `afterId`, at most `limit`: the scan looks at them again when
   * the windows changed. Locked in the scan's
   * transaction, waiting for a scan that holds one (taken in id order, so two scans cannot deadlock).
   */
  async findHeld(afterId: number, closingAfterMs: number, limit: number): Promise<DueJob[]> {
    const rows = await this.db.all<DueRow>(
      `SELECT ${DUE_COLUMNS} FROM job_info WHERE trigger_status = 1 AND trigger_held_time > 0 AND trigger_next_time > ? AND id > ? ORDER BY id LIMIT ?${this.db.dialect.lockRows}`,
      [closingAfterMs, afterId, limit],
    )
    return rows.map(dueJobOf)
  }

  /** Which of `ids` are jobs at all (a read without locks: a job row locked by another scan still counts). */
  async existing(ids: readonly number[]): Promise<Set<number>> {
    const found = new Set<number>()
    for (const chunk of idChunks(ids)) {
      const rows = await this.db.all<{ id: number }>(`SELECT id FROM job_info WHERE id IN (${inList(chunk.length)})`, chunk)
      for (const row of rows) found.add(Number(row.id))
    }
    return found
  }

  /**
   * Locks the rows of `ids` that no other scan holds (SKIP LOCKED, like findDue): `locked` has every
   * id it locked, `running` the running ones among them with the columns the scan plans from (any
   * next time). A job another scan holds is in neither: that scan decides for it.
   */
  async lockForScan(ids: readonly number[]): Promise<{ running: DueJob[]; locked: Set<number> }> {
    const running: DueJob[] = []
    const locked = new Set<number>()
    for (const id of ids) {
      const row = await this.db.get<DueRow & { trigger_status: number }>(
        `SELECT ${DUE_COLUMNS}, trigger_status FROM job_info WHERE id = ?${this.db.dialect.lockSkipLocked}`,
        [id],
      )
      if (!row) continue
      locked.add(id)
      if (Number(row.trigger_status) === 1) running.push(dueJobOf(row))
    }
    return { running, locked }
  }

  /**
   * Writes a scan's results; call inside the scan's transaction. Guarded by trigger_status = 1: a
   * job stopped while the scan was planning is not revived.
   */
  async writeNextTimes(updates: readonly NextTimeUpdate[]): Promise<void> {
    // Next/last times are not what job caches hold; a job stopped because its schedule ended is.
    if (updates.some((u) => u.triggerStatus === 0)) await bumpVersion(this.db, 'jobs')
    if (this.db.dialect.name === 'sqlite') return this.writeNextTimesInBatches(updates)
    const rows = nextTimeRows(updates)
    if (rows.length === 0) return
    // PostgreSQL: one UPDATE … FROM unnest (one prepared statement); MySQL: a few dozen jobs per UPDATE of CASE columns.
    if (this.db.dialect.name === 'postgres') await this.db.run(NEXT_TIMES_BY_UNNEST, unnestParams(rows, 5))
    else await updateByCase(this.db, 'job_info', NEXT_TIME_COLUMNS, rows, 'trigger_status = 1')
  }

  /** SQLite (≥ 3.33): UPDATE … FROM a VALUES list, a few dozen jobs per statement instead of one. */
  private async writeNextTimesInBatches(updates: readonly NextTimeUpdate[]): Promise<void> {
    let from = 0
    for (const size of statementSizes(updates.length, NEXT_TIMES_PER_STATEMENT)) {
      const params: number[] = []
      for (const u of updates.slice(from, (from += size))) params.push(u.id, u.triggerStatus, u.triggerLastTimeMs, u.triggerNextTimeMs, u.triggerHeldTimeMs)
      await this.db.run(nextTimesStatement(size), params)
    }
  }
}

function emptyJob(): JobInfo {
  return { ...storedJobOf(defaultJobInput(0, 'UTC'), 0), id: 0 }
}

/** A new job's row: the operator's input plus the bookkeeping a new job starts with (stopped, no history). */
export function storedJobOf(input: JobInput, nowMs: number): StoredJob {
  const { id: _id, ...definition } = input
  return {
    ...definition,
    childJobIds: [],
    triggerStatus: 0,
    triggerLastTimeMs: 0,
    triggerNextTimeMs: 0,
    glueUpdatetimeMs: nowMs,
    addTimeMs: nowMs,
    updateTimeMs: nowMs,
  }
}

const NEXT_TIMES_PER_STATEMENT = 128
/**
 * The servers' rows of the scan's updates, one per job: [id, status, last, next, held]. A job listed
 * twice ends as the one-row statements in order would leave it: the last update, unless an earlier
 * one stopped the job (trigger_status 0), which the guard keeps stopped.
 */
function nextTimeRows(updates: readonly NextTimeUpdate[]): number[][] {
  const byJob = new Map<number, NextTimeUpdate>()
  for (const u of updates) if (byJob.get(u.id)?.triggerStatus !== 0) byJob.set(u.id, u)
  return [...byJob.values()].map((u) => [u.id, u.triggerStatus, u.triggerLastTimeMs, u.triggerNextTimeMs, u.triggerHeldTimeMs])
}
/** MySQL: the columns of the scan's updates (writeNextTimes). */
const NEXT_TIME_COLUMNS: readonly CaseColumn[] = [
  { name: 'trigger_status' },
  { name: 'trigger_last_time' },
  { name: 'trigger_next_time' },
  { name: 'trigger_held_time' },
]
const NEXT_TIMES_BY_UNNEST = `UPDATE job_info SET trigger_status = v.status, trigger_last_time = v.last_time, trigger_next_time = v.next_time, trigger_held_time = v.held_time
      FROM ${unnestFrom('v', [
        ['id', 'int'],
        ['status', 'int'],
        ['last_time', 'bigint'],
        ['next_time', 'bigint'],
        ['held_time', 'bigint'],
      ])} WHERE job_info.id = v.id AND job_info.trigger_status = 1`
const nextTimesStatement = statementsBySize(
  (size) => `UPDATE job_info SET trigger_status = v.column2, trigger_last_time = v.column3, trigger_next_time = v.column4, trigger_held_time = v.column5
      FROM (VALUES ${valuesRows(size, 5)}) AS v WHERE job_info.id = v.column1 AND job_info.trigger_status = 1`,
)
