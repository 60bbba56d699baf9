import type { Connection } from './sql/connection'

/** One JobDesk process working on the database (a cluster node; a desktop app is a cluster of one). */
export interface ClusterNode {
  /** Unique per process start. */
  nodeId: string
  /** What operators call it (`--node-name`, default host name and port). */
  nodeName: string
  /** Its embedded executor's address (reachable in-process by that node only). */
  embeddedAddress: string
  /** Where its admin API listens, as other nodes reach it ('' when it does not listen). */
  adminUrl: string
  startedAtMs: number
  heartbeatAtMs: number
  /** The node is alive until this time; renewed with every heartbeat. */
  leaseUntilMs: number
}

interface NodeRow {
  node_id: string
  node_name: string
  embedded_address: string
  admin_url: string
  started_at: number
  heartbeat_at: number
  lease_until: number
}

const nodeOf = (r: NodeRow): ClusterNode => ({
  nodeId: r.node_id,
  nodeName: r.node_name,
  embeddedAddress: r.embedded_address,
  adminUrl: r.admin_url,
  startedAtMs: Number(r.started_at),
  heartbeatAtMs: Number(r.heartbeat_at),
  leaseUntilMs: Number(r.lease_until),
})

/** `job_node`: the nodes working on this database, with their leases. */
export class NodeRepo {
  constructor(private readonly db: Connection) {}

  async join(node: ClusterNode): Promise<void> {
    await this.db.run(
      'INSERT INTO job_node (node_id, node_name, embedded_address, admin_url, started_at, heartbeat_at, lease_until) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [node.nodeId, node.nodeName, node.embeddedAddress, node.adminUrl, node.startedAtMs, node.heartbeatAtMs, node.leaseUntilMs],
    )
  }

  /** Renews a node's lease; false when its row is gone (other nodes took it for dead and cleaned up). */
  async heartbeat(nodeId: string, nowMs: number, leaseUntilMs: number): Promise<boolean> {
    return (await this.db.run('UPDATE job_node SET heartbeat_at = ?, lease_until = ? WHERE node_id = ?', [nowMs, leaseUntilMs, nodeId])) === 1
  }

  async list(): Promise<ClusterNode[]> {
    return (await this.db.all<NodeRow>('SELECT * FROM job_node ORDER BY started_at, node_id')).map(nodeOf)
  }

  /** Where the node's admin API listens, as other nodes reach it (known once its server listens). */
  async setAdminUrl(nodeId: string, adminUrl: string): Promise<void> {
    await this.db.run('UPDATE job_node SET admin_url = ? WHERE node_id = ?', [adminUrl, nodeId])
  }

  /** Ends a node's lease at once (a graceful stop: the others take over without waiting it out). */
  async leave(nodeId: string): Promise<void> {
    await this.db.run('UPDATE job_node SET lease_until = 0 WHERE node_id = ?', [nodeId])
  }

  /** Removes a dead node once its fires and runs were taken over; false when another node did it first. */
  async remove(nodeId: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM job_node WHERE node_id = ?', [nodeId])) === 1
  }
}
