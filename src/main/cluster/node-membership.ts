import type { Clock } from '../kernel/clock'
import { runPeriodically } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { ClusterNode } from '../store/node-repo'
import type { RingFire } from '../store/ring-repo'
import type { Repos, UnitOfWork } from '../store/store'

/** A node renews its lease this often… */
export const NODE_HEARTBEAT_MS = 1000
/** …and is taken for dead once it has not for this long: its fires are taken over within ~4 s. */
export const NODE_LEASE_MS = 3000

export type MembershipRepos = Pick<Repos, 'nodes' | 'ring'>

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

  constructor(private readonly options: MembershipOptions) {
    this.heartbeatMs = options.heartbeatMs ?? NODE_HEARTBEAT_MS
    this.leaseMs = options.leaseMs ?? Math.max(NODE_LEASE_MS, 3 * this.heartbeatMs)
  }

  get nodeId(): string {
    return this.options.node.nodeId
  }

  /** Joins, and takes over what dead nodes left (fires planned by a process of an older version too). */
  async join(): Promise<void> {
    const nowMs = this.options.clock.nowMs()
    await this.options.store.nodes.join({ ...this.options.node, startedAtMs: nowMs, heartbeatAtMs: nowMs, leaseUntilMs: nowMs + this.leaseMs })
    // Fires planned before nodes had ids belong to no node: the first node to start takes them.
    const legacy = await this.options.store.transaction((tx) => tx.ring.takeOver('', this.nodeId))
    if (legacy.length > 0) this.options.adopt(legacy)
    await this.takeOverDead(nowMs)
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
    await this.options.store.nodes.leave(this.nodeId).catch((error: Error) => this.options.logger.warn('leaving the cluster failed', { error: error.message }))
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
  }

  private async takeOverDead(nowMs: number): Promise<void> {
    const { store, logger } = this.options
    for (const dead of await store.nodes.expired(nowMs)) {
      if (dead.nodeId === this.nodeId) continue
      const { fires, removed } = await store.transaction(async (tx) => ({
        fires: await tx.ring.takeOver(dead.nodeId, this.nodeId),
        removed: await tx.nodes.remove(dead.nodeId),
      }))
      if (fires.length > 0) this.options.adopt(fires)
      // One node cleans up after the dead one; the others found its row gone.
      if (!removed) continue
      logger.warn('a node of the cluster is gone; its planned fires are taken over here', { node: dead.nodeName, fires: fires.length })
      await this.options.onNodeGone(dead)
    }
  }
}
