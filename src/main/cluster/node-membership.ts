import type { Clock } from '../kernel/clock'
import { runPeriodically } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { ClusterNode } from '../store/node-repo'
import type { RingFire } from '../store/ring-repo'
import type { Repos, UnitOfWork } from '../store/store'
import { nodeExecutorUrl } from '../net/node-executor-route'

/** A node renews its lease this often… */
export const NODE_HEARTBEAT_MS = 1000
/** …and is taken for dead once it has not for this long: its fires are taken over within ~4 s. */
export const NODE_LEASE_MS = 3000

export type MembershipRepos = Pick<Repos, 'nodes' | 'ring' | 'leases'>

/** The lease of the cluster's periodic work: lost-run sweep, daily report, retention, copies of running LAN logs. */
export const PERIODIC_WORK_LEASE = 'periodic-work'

export interface MembershipOptions {
  store: MembershipRepos & UnitOfWork<MembershipRepos>
  /** This node, as it joins (its times are set here). */
  node: Pick<ClusterNode, 'nodeId' | 'nodeName' | 'embeddedAddress' | 'adminUrl'>
  clock: Clock
  logger: Logger
  heartbeatMs?: number
  leaseMs?: number
  /** Fires taken over from a dead node (or an earlier life of this process), for this node's ring. */
  adopt(fires: RingFire[]): void
  /** A dead node is gone for good: its embedded runs will never finish. */
  onNodeGone(node: ClusterNode): Promise<void>
}

/**
 * This process as a node of the cluster on the database (a desktop app is a cluster of one):
 * joins with a lease, renews it every second, and takes over the work of nodes whose lease ran out
 * — their planned fires, and the end of their embedded runs. A node that stops leaves at once, so
 * the others need not wait its lease out.
 */
export class NodeMembership {
  private readonly heartbeatMs: number
  private readonly leaseMs: number
  private readonly stopLoop = new AbortController()
  private loop: Promise<void> | null = null
  private periodicWork = false
  private peers = 0
  /** The nodes as of the last heartbeat, this one included. */
  private view: ClusterNode[] = []

  constructor(private readonly options: MembershipOptions) {
    this.heartbeatMs = options.heartbeatMs ?? NODE_HEARTBEAT_MS
    this.leaseMs = options.leaseMs ?? Math.max(NODE_LEASE_MS, 3 * this.heartbeatMs)
  }

  get nodeId(): string {
    return this.options.node.nodeId
  }

  /** Whether this node holds the periodic-work lease (as of its last heartbeat). */
  doesPeriodicWork(): boolean {
    return this.periodicWork
  }

  /** Other nodes alive as of the last heartbeat (0: this process is alone on the database). */
  peerCount(): number {
    return this.peers
  }

  /** The nodes as of the last heartbeat. */
  nodes(): readonly ClusterNode[] {
    return this.view
  }

  /** Where another live node serves its embedded executor (`embeddedAddress`), or null. */
  peerExecutorUrl(embeddedAddress: string): string | null {
    const node = this.view.find((n) => n.embeddedAddress === embeddedAddress && n.nodeId !== this.nodeId)
    return node && node.adminUrl !== '' ? nodeExecutorUrl(node.adminUrl, node.nodeId) : null
  }

  adminUrl(): string {
    return this.options.node.adminUrl
  }

  /** Tells the cluster where this node's admin API listens (once its server does). */
  async setAdminUrl(adminUrl: string): Promise<void> {
    this.options.node.adminUrl = adminUrl
    await this.options.store.nodes.setAdminUrl(this.nodeId, adminUrl)
  }

  /** Joins, and takes over what dead nodes left (fires planned by a process of an older version too). */
  async join(): Promise<void> {
    const nowMs = this.options.clock.nowMs()
    await this.options.store.nodes.join({ ...this.options.node, startedAtMs: nowMs, heartbeatAtMs: nowMs, leaseUntilMs: nowMs + this.leaseMs })
    await this.takeOverDead(nowMs)
    await this.renewPeriodicWork(nowMs)
  }

  start(): void {
    this.loop ??= runPeriodically(this.options.clock, this.heartbeatMs, this.stopLoop.signal, () => this.beat(), (error) =>
      this.options.logger.warn('node heartbeat failed', { error: (error as Error).message }),
    )
  }

  /** Stops renewing and ends the lease, so another node takes over at once. */
  async leave(): Promise<void> {
    this.stopLoop.abort()
    await this.loop
    const { store, logger } = this.options
    try {
      if (this.periodicWork) await store.leases.release(PERIODIC_WORK_LEASE, this.nodeId)
      this.periodicWork = false
      await store.nodes.leave(this.nodeId)
    } catch (error) {
      logger.warn('leaving the cluster failed', { error: (error as Error).message })
    }
  }

  private async beat(): Promise<void> {
    const { store, clock, logger, node } = this.options
    const nowMs = clock.nowMs()
    if (!(await store.nodes.heartbeat(this.nodeId, nowMs, nowMs + this.leaseMs))) {
      // Taken for dead (a pause longer than the lease): the others have our fires; join again.
      logger.warn('this node was taken for dead by the cluster and joins again', { node: node.nodeName })
      await store.nodes.join({ ...node, startedAtMs: nowMs, heartbeatAtMs: nowMs, leaseUntilMs: nowMs + this.leaseMs })
    }
    await this.takeOverDead(nowMs)
    await this.renewPeriodicWork(nowMs)
  }

  private async renewPeriodicWork(nowMs: number): Promise<void> {
    const { store } = this.options
    this.periodicWork = await store.leases.acquire(PERIODIC_WORK_LEASE, this.nodeId, nowMs, nowMs + this.leaseMs)
    this.view = await store.nodes.list()
    this.peers = this.view.filter((n) => n.nodeId !== this.nodeId && n.leaseUntilMs >= nowMs).length
  }

  /**
   * Takes over what dead nodes left: their planned fires, and the end of their embedded runs. Fires
   * of an owner with no node row at all (a process killed before it joined, or planned before nodes
   * had ids) are taken over too.
   */
  private async takeOverDead(nowMs: number): Promise<void> {
    const { store, logger } = this.options
    const nodes = await store.nodes.list()
    const live = new Set(nodes.filter((n) => n.leaseUntilMs >= nowMs).map((n) => n.nodeId))
    for (const owner of await store.ring.owners()) {
      if (owner === this.nodeId || live.has(owner)) continue
      const fires = await store.transaction((tx) => tx.ring.takeOver(owner, this.nodeId))
      if (fires.length > 0) this.options.adopt(fires)
    }
    for (const dead of nodes) {
      if (dead.nodeId === this.nodeId || live.has(dead.nodeId)) continue
      // One node cleans up after the dead one; the others find its row gone.
      if (!(await store.nodes.remove(dead.nodeId))) continue
      logger.warn('a node of the cluster is gone; its planned fires and runs are taken over here', { node: dead.nodeName })
      await this.options.onNodeGone(dead)
    }
  }
}
