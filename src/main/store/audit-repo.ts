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
}

export type NewAuditEntry = Omit<AuditEntry, 'id'>

/** `job_audit`: who did what, when, from where; append-only but for retention. */
export class AuditRepo {
  constructor(private readonly db: Connection) {}

  async insert(entry: NewAuditEntry): Promise<number> {
    const id = await this.db.insert(
      'INSERT INTO job_audit (at_time, actor, actor_kind, source, action, outcome, group_id, target, detail) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)',
      [entry.atMs, entry.actor, entry.actorKind, entry.source, entry.action, entry.outcome, entry.groupId, entry.target, JSON.stringify(entry.detail)],
    )
    return id!
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
    action: row.action as AuditAction,
    outcome: row.outcome as AuditOutcome,
    groupId: row.group_id === null ? null : Number(row.group_id),
    target: row.target,
    detail,
  }
}
