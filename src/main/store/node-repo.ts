import type { ClusterNode, NodeLease } from '../domain/nodes'
import type { Connection } from './sql/connection'

interface NodeRow {
  node_id: string
  node_name: string
  embedded_address: string
  admin_url: string
  started_at: number
  heartbeat_at: number
  lease_until: number
  epoch: number
  clock_skew_ms: number | null
}

const nodeOf = (r: NodeRow): ClusterNode => ({
  nodeId: r.node_id,
  nodeName: r.node_name,
  embeddedAddress: r.embedded_address,
  adminUrl: r.admin_url,
  startedAtMs: Number(r.started_at),
  heartbeatAtMs: Number(r.heartbeat_at),
  leaseUntilMs: Number(r.lease_until),
  epoch: Number(r.epoch),
  clockSkewMs: r.clock_skew_ms === null ? null : Number(r.clock_skew_ms),
})

/** `job_node`: the nodes working on this database, with their leases and epochs. */
export class NodeRepo {
  constructor(private readonly db: Connection) {}

  /**
   * Adds the node with a new epoch from the cluster-wide counter and resolves with it. Call inside
   * a transaction, so the raised counter and the row land together.
   */
  async join(node: Omit<ClusterNode, 'epoch' | 'clockSkewMs'>): Promise<number> {
    await this.db.run("UPDATE job_version SET version = version + 1 WHERE name = 'node-epoch'")
    const epoch = Number((await this.db.get<{ version: number }>("SELECT version FROM job_version WHERE name = 'node-epoch'"))!.version)
    await this.db.run(
      'INSERT INTO job_node (node_id, node_name, embedded_address, admin_url, started_at, heartbeat_at, lease_until, epoch) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      [node.nodeId, node.nodeName, node.embeddedAddress, node.adminUrl, node.startedAtMs, node.heartbeatAtMs, node.leaseUntilMs, epoch],
    )
    await this.db.run('INSERT INTO job_node_fence (node_id, epoch) VALUES (?, ?)', [node.nodeId, epoch])
    return epoch
  }

  /**
   * Renews a node's lease; false when its row of that epoch is gone (other nodes took it for dead
   * and took its work over). A lease that ran out but was not taken yet is renewed: nobody acted on it.
   * It writes `job_node` only, which the node's own transactions never lock (they lock its fence,
   * `holdsFence`): a renewal waits behind nothing of this node's, only behind a take-over of it.
   */
  async heartbeat(lease: NodeLease, nowMs: number, leaseUntilMs: number): Promise<boolean> {
    return (
      (await this.db.run('UPDATE job_node SET heartbeat_at = ?, lease_until = ? WHERE node_id = ? AND epoch = ?', [
        nowMs,
        leaseUntilMs,
        lease.nodeId,
        lease.epoch,
      ])) === 1
    )
  }

  /**
   * The fence: whether the node's fence row of `lease.epoch` is still there. Inside a transaction
   * it stays locked in share mode until the transaction ends, and a take-over deletes it before it
   * moves anything (`removeExpired`): either the take-over waits until this transaction committed
   * and then moves what it wrote, or it deleted the row first and this read, waiting for it to
   * commit, finds the row gone — never both acting on the same work. The lease's time is not read
   * here: the node acts only while its own last renewal is recent (NodeFence.actsAt), which is
   * stricter than the lease it wrote, and the row's lock, not the time, is what keeps a take-over out.
   */
  async holdsFence(lease: NodeLease): Promise<boolean> {
    const row = await this.db.get<{ n: number }>(`SELECT 1 AS n FROM job_node_fence WHERE node_id = ? AND epoch = ?${this.db.dialect.lockShared}`, [
      lease.nodeId,
      lease.epoch,
    ])
    return row !== undefined
  }

  /** Whether the node still holds `lease`, unexpired at `nowMs` (a plain read: for readiness probes and views). */
  async holds(lease: NodeLease, nowMs: number): Promise<boolean> {
    const row = await this.db.get<{ n: number }>('SELECT 1 AS n FROM job_node WHERE node_id = ? AND epoch = ? AND lease_until >= ?', [
      lease.nodeId,
      lease.epoch,
      nowMs,
    ])
    return row !== undefined
  }

  /**
   * The database server's clock, read now (ms since the epoch, fractional), or null where there is no
   * server (SQLite). Ask outside a transaction: inside one, the read waits for the transaction's turn.
   */
  async serverNowMs(): Promise<number | null> {
    const sql = this.db.dialect.serverClockMs
    if (sql === null) return null
    return Number((await this.db.get<{ now_ms: number | string }>(sql))!.now_ms)
  }

  /** Records how far the node's clock is off the database's (null: not known), for the other nodes and the console. */
  async setClockSkew(lease: NodeLease, skewMs: number | null): Promise<void> {
    await this.db.run('UPDATE job_node SET clock_skew_ms = ? WHERE node_id = ? AND epoch = ?', [skewMs, lease.nodeId, lease.epoch])
  }

  async list(): Promise<ClusterNode[]> {
    return (await this.db.all<NodeRow>('SELECT * FROM job_node ORDER BY started_at, node_id')).map(nodeOf)
  }

  /** Where the node's admin API listens, as other nodes reach it (known once its server listens). */
  async setAdminUrl(nodeId: string, adminUrl: string): Promise<void> {
    await this.db.run('UPDATE job_node SET admin_url = ? WHERE node_id = ?', [adminUrl, nodeId])
  }

  /** A graceful stop: the node's row goes at once, so the others neither wait its lease out nor mourn it. */
  async leave(lease: NodeLease): Promise<void> {
    await this.db.run('DELETE FROM job_node_fence WHERE node_id = ? AND epoch = ?', [lease.nodeId, lease.epoch])
    await this.db.run('DELETE FROM job_node WHERE node_id = ? AND epoch = ?', [lease.nodeId, lease.epoch])
  }

  /**
   * Removes a node whose lease ran out before `nowMs`, and its fence, as the first step of taking
   * its work over (in the same transaction, before anything moves); false when it renewed meanwhile
   * or another node removed it first. Deleting the fence waits for the node's transactions that
   * hold it (`holdsFence`) to end, so what they wrote is there to be taken over.
   */
  async removeExpired(lease: NodeLease, nowMs: number): Promise<boolean> {
    if ((await this.db.run('DELETE FROM job_node WHERE node_id = ? AND epoch = ? AND lease_until < ?', [lease.nodeId, lease.epoch, nowMs])) !== 1) return false
    await this.db.run('DELETE FROM job_node_fence WHERE node_id = ? AND epoch = ?', [lease.nodeId, lease.epoch])
    return true
  }
}
