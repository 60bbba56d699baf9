/** What the Cluster page shows: the nodes on the database, as one node sees them (getCluster). */

export interface ClusterNodeView {
  nodeId: string
  /** `--node-name` (default host name and port). */
  nodeName: string
  /** Where the node's admin API listens, as the other nodes reach it ('' until it listens). */
  adminUrl: string
  /** Its embedded executor's address ('' when it runs none). */
  embeddedAddress: string
  startedAtMs: number
  heartbeatAtMs: number
  leaseUntilMs: number
  /** Its lease runs: it heartbeats. A dead node's row goes once another node took over its work. */
  alive: boolean
  /** Planned fires its time ring holds (job_ring rows): a figure of every group's jobs, so null for a non-admin. */
  ringRows: number | null
  /** It does the cluster's periodic work now (lost-run sweep, report, retention). */
  periodicWork: boolean
  /** The node this console is connected to. */
  self: boolean
  /** The fencing epoch of this node's lease: raised each time it joins, so a node taken for dead and back is told apart. */
  epoch: number
  /**
   * Its clock less the database server's, in ms (positive: ahead), as it measured it at its last
   * heartbeats; null when not measured (SQLite: the processes sharing a file share one machine's
   * clock). clockSkewStateOf (src/shared/clock-skew.ts) says whether it is warned of, or refused the lead.
   */
  clockSkewMs: number | null
}

export interface ClusterView {
  /** The database the nodes share. */
  engine: 'sqlite' | 'postgres' | 'mysql'
  /** Where it is (a file path, or the URL without its password); null for a non-admin, who has no use for the server's paths. */
  location: string | null
  nodes: ClusterNodeView[]
  /** The time of this view on the answering node (to age the heartbeats). */
  atMs: number
  /**
   * The nodes call each other's embedded executors over the node route: always on a server
   * database, on SQLite only while another process shares the file. Without it, the route answers 404.
   */
  nodeRoute: boolean
  /** When the cluster secret the nodes authenticate each other with was last replaced (0: never since it was made). */
  secretRotatedAtMs: number
}
