// The processes working on one database and the proof each carries that it still holds its lease.

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
  /**
   * The fencing token of this life of the node: raised at every join, so a node that was taken for
   * dead and joins again holds a new one, and whatever it still did under the old one is refused.
   */
  epoch: number
  /**
   * The node's clock less the database's, in ms (positive: ahead), as the node last measured it
   * (src/shared/clock-skew.ts); null when not measured (SQLite has no server clock, or not yet).
   */
  clockSkewMs: number | null
}

/** What a node proves it still is in each transaction that acts for it: its id and the epoch it joined with. */
export interface NodeLease {
  nodeId: string
  epoch: number
}
