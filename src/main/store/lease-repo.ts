import type { Connection } from './sql/connection'

/** Periodic work done by one node at a time (retention, the daily report, the lost-run sweep …). */
export interface WorkLease {
  name: string
  nodeId: string
  leaseUntilMs: number
}

/**
 * `job_lease`: which node does each piece of periodic work. A node holds a lease while it renews it
 * in time; when it dies, the lease runs out and the next node to ask takes it.
 */
export class LeaseRepo {
  constructor(private readonly db: Connection) {}

  /** Takes or renews `name` for `nodeId` until `leaseUntilMs`; false while another node holds it. */
  async acquire(name: string, nodeId: string, nowMs: number, leaseUntilMs: number): Promise<boolean> {
    if ((await this.db.run(this.db.dialect.insertIgnore('job_lease', ['name', 'node_id', 'lease_until']), [name, nodeId, leaseUntilMs])) === 1) return true
    const taken = await this.db.run('UPDATE job_lease SET node_id = ?, lease_until = ? WHERE name = ? AND (node_id = ? OR lease_until < ?)', [
      nodeId,
      leaseUntilMs,
      name,
      nodeId,
      nowMs,
    ])
    return taken === 1
  }

  /** Gives a lease up (a stopping node), so another node takes it without waiting. */
  async release(name: string, nodeId: string): Promise<void> {
    await this.db.run('UPDATE job_lease SET lease_until = 0 WHERE name = ? AND node_id = ?', [name, nodeId])
  }

  async list(): Promise<WorkLease[]> {
    const rows = await this.db.all<{ name: string; node_id: string; lease_until: number }>('SELECT name, node_id, lease_until FROM job_lease ORDER BY name')
    return rows.map((r) => ({ name: r.name, nodeId: r.node_id, leaseUntilMs: Number(r.lease_until) }))
  }
}
