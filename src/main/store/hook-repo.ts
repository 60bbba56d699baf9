import type { HookKind, HookView } from '../../shared/hook-types'
import type { Connection } from './sql/connection'

/** A hook as stored: its view and the secret that verifies its requests (never leaves the core). */
export interface HookRow extends HookView {
  secret: string
}

interface Row {
  id: string
  kind: string
  target_id: number
  secret: string
  created_by: string
  created_at: number
  last_used_at: number
}

/** At most this many hooks per job or flow: a list, not a store of keys. */
export const HOOKS_PER_TARGET_MAX = 20

/** `job_hook`: the trigger URLs of jobs and flows, with their secrets. */
export class HookRepo {
  constructor(private readonly db: Connection) {}

  async insert(hook: HookRow): Promise<void> {
    await this.db.run('INSERT INTO job_hook (id, kind, target_id, secret, created_by, created_at, last_used_at) VALUES (?, ?, ?, ?, ?, ?, ?)', [
      hook.id,
      hook.kind,
      hook.targetId,
      hook.secret,
      hook.createdBy,
      hook.createdAtMs,
      hook.lastUsedAtMs,
    ])
  }

  async get(id: string): Promise<HookRow | undefined> {
    const row = await this.db.get<Row>('SELECT * FROM job_hook WHERE id = ?', [id])
    return row && fromRow(row)
  }

  /** The hooks of one job or flow, oldest first, without their secrets. */
  async listFor(kind: HookKind, targetId: number): Promise<HookView[]> {
    const rows = await this.db.all<Row>(`SELECT * FROM job_hook WHERE kind = ? AND target_id = ? ORDER BY created_at, id LIMIT ${HOOKS_PER_TARGET_MAX}`, [
      kind,
      targetId,
    ])
    return rows.map((row) => viewOf(fromRow(row)))
  }

  /** Every hook's secret, for the log redaction (kernel/known-secrets.ts); the one read that returns them in bulk. */
  async allSecrets(): Promise<string[]> {
    return (await this.db.all<{ secret: string }>('SELECT secret FROM job_hook')).map((row) => row.secret)
  }

  async countFor(kind: HookKind, targetId: number): Promise<number> {
    const row = await this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM job_hook WHERE kind = ? AND target_id = ?', [kind, targetId])
    return Number(row?.n ?? 0)
  }

  async touch(id: string, usedAtMs: number): Promise<void> {
    await this.db.run('UPDATE job_hook SET last_used_at = ? WHERE id = ?', [usedAtMs, id])
  }

  /** Resolves with whether the hook was there. */
  async delete(id: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM job_hook WHERE id = ?', [id])) === 1
  }
}

export function viewOf(hook: HookRow): HookView {
  return { id: hook.id, kind: hook.kind, targetId: hook.targetId, createdBy: hook.createdBy, createdAtMs: hook.createdAtMs, lastUsedAtMs: hook.lastUsedAtMs }
}

function fromRow(row: Row): HookRow {
  return {
    id: row.id,
    kind: row.kind === 'flow' ? 'flow' : 'job',
    targetId: Number(row.target_id),
    secret: row.secret,
    createdBy: row.created_by,
    createdAtMs: Number(row.created_at),
    lastUsedAtMs: Number(row.last_used_at),
  }
}
