import type { AuditAction, AuditDetail, AuditEntry, AuditFilter, AuditOutcome } from '../../shared/auth'
import type { Connection, SqlValue } from './sql/connection'

interface Row {
  id: number
  at_time: number
  actor: string
  actor_kind: string
  source: string
  action: string
  outcome: string
  group_id: number | null
  target: string
  detail: string
  repeat_count: number
  via: string | null
}

export type NewAuditEntry = Omit<AuditEntry, 'id' | 'count'>

const COLUMNS = ['at_time', 'actor', 'actor_kind', 'source', 'action', 'outcome', 'group_id', 'target', 'detail', 'via'] as const
const valuesOf = (entry: NewAuditEntry): SqlValue[] => [
  entry.atMs,
  entry.actor,
  entry.actorKind,
  entry.source,
  entry.action,
  entry.outcome,
  entry.groupId,
  entry.target,
  JSON.stringify(entry.detail),
  entry.via,
]

/** `job_audit`: who did what, when, from where; append-only but for retention. */
export class AuditRepo {
  constructor(private readonly db: Connection) {}

  async insert(entry: NewAuditEntry): Promise<number> {
    const id = await this.db.insert(`INSERT INTO job_audit (${COLUMNS.join(', ')}) VALUES (${COLUMNS.map(() => '?').join(', ')})`, valuesOf(entry))
    return id!
  }

  /**
   * Counts one more occurrence on the row of `foldKey`, or writes `entry` as that row when there is
   * none yet. The unique key settles a race between nodes: an insert that meets another's row counts on it.
   */
  async fold(entry: NewAuditEntry, foldKey: string): Promise<void> {
    const bump = () => this.db.run('UPDATE job_audit SET repeat_count = repeat_count + 1 WHERE fold_key = ?', [foldKey])
    if ((await bump()) > 0) return
    const id = await this.db.insert(this.db.dialect.insertIgnore('job_audit', [...COLUMNS, 'fold_key']), [...valuesOf(entry), foldKey])
    if (id === null) await bump()
  }

  /** Newest first; `limit` rows at most (1000). */
  async list(filter: AuditFilter, limit: number): Promise<AuditEntry[]> {
    const where: string[] = []
    const args: SqlValue[] = []
    const add = (clause: string, ...values: SqlValue[]) => {
      where.push(clause)
      args.push(...values)
    }
    if (filter.actor) add('actor = ?', filter.actor)
    if (filter.action) add('action = ?', filter.action)
    if (filter.outcome) add('outcome = ?', filter.outcome)
    if (filter.groupId !== undefined) add('group_id = ?', filter.groupId)
    if (filter.sinceMs !== undefined) add('at_time >= ?', filter.sinceMs)
    if (filter.untilMs !== undefined) add('at_time <= ?', filter.untilMs)
    if (filter.beforeId !== undefined) add('id < ?', filter.beforeId)
    if (filter.text) {
      // '!' escapes, not a backslash (MySQL reads a backslash in a string literal as an escape); LOWER on both
      // sides, so the search ignores case on every engine (SQLite's LIKE does, PostgreSQL's does not).
      const like = `%${filter.text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`
      add("(LOWER(target) LIKE ? ESCAPE '!' OR LOWER(detail) LIKE ? ESCAPE '!' OR LOWER(actor) LIKE ? ESCAPE '!')", like, like, like)
    }
    const rows = await this.db.all<Row>(
      `SELECT * FROM job_audit ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY id DESC LIMIT ${Math.min(Math.max(limit, 1), 100_000)}`,
      args,
    )
    return rows.map(fromRow)
  }

  /** Removes entries older than `beforeMs`; resolves with how many. */
  async deleteOlderThan(beforeMs: number): Promise<number> {
    return this.db.run('DELETE FROM job_audit WHERE at_time < ?', [beforeMs])
  }
}

function fromRow(row: Row): AuditEntry {
  let detail: AuditDetail = {}
  try {
    detail = JSON.parse(row.detail) as AuditDetail
  } catch {
    detail = {}
  }
  return {
    id: Number(row.id),
    atMs: Number(row.at_time),
    actor: row.actor,
    actorKind: row.actor_kind as AuditEntry['actorKind'],
    source: row.source,
    via: row.via === 'mcp' ? 'mcp' : '',
    action: row.action as AuditAction,
    outcome: row.outcome as AuditOutcome,
    groupId: row.group_id === null ? null : Number(row.group_id),
    target: row.target,
    detail,
    count: Number(row.repeat_count ?? 1),
  }
}
