import type { Connection } from './sql/connection'

export interface StoredEvent {
  id: number
  nodeId: unknown
  topic: unknown
  ids: unknown
}

/** `job_event`: cluster events for the engines without a notification channel (MySQL, SQLite). */
export class EventRepo {
  constructor(private readonly db: Connection) {}

  async add(nodeId: string, topic: string, ids: string, nowMs: number): Promise<void> {
    await this.db.run('INSERT INTO job_event (node_id, topic, ids, created_at) VALUES (?, ?, ?, ?)', [nodeId, topic, ids, nowMs])
  }

  /** Events after `afterId`, and those of `alsoIds` (ids skipped earlier, whose insert had not committed yet), oldest first. */
  async after(afterId: number, alsoIds: readonly number[], limit: number): Promise<StoredEvent[]> {
    const also = alsoIds.length > 0 ? ` OR id IN (${alsoIds.map(() => '?').join(', ')})` : ''
    const rows = await this.db.all<{ id: number; node_id: unknown; topic: unknown; ids: unknown }>(
      `SELECT id, node_id, topic, ids FROM job_event WHERE id > ?${also} ORDER BY id LIMIT ?`,
      [afterId, ...alsoIds, limit],
    )
    return rows.map((r) => ({ id: Number(r.id), nodeId: r.node_id, topic: r.topic, ids: r.ids }))
  }

  async lastId(): Promise<number> {
    return Number((await this.db.get<{ id: number | null }>('SELECT MAX(id) AS id FROM job_event'))?.id ?? 0)
  }

  async deleteOlderThan(beforeMs: number): Promise<number> {
    return this.db.run('DELETE FROM job_event WHERE created_at < ?', [beforeMs])
  }
}
