import { sleepUntil, type Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { ClusterNode, NodeLease } from '../domain/nodes'
import type { RingFire } from '../domain/fires'
import type { Repos, UnitOfWork } from '../store/store'
import { nodeExecutorUrl } from './node-executor-route'
import { PRE_READ_MS } from '../scheduler/plan-scan'
import { fencedError, type NodeFence } from '../scheduler/node-fence'
import { NODE_CLOCK_MARGIN_MS, type ClockSkewVerdict } from '../../shared/clock-skew'
import { NodeClock } from './node-clock'

/** A node renews its lease this often… */
export const NODE_HEARTBEAT_MS = 1000
/** …and is taken for dead once it has not for this long: its fires are taken over within ~4 s. */
export const NODE_LEASE_MS = 3000
// A node stops acting NODE_CLOCK_MARGIN_MS (src/shared/clock-skew.ts) before its lease ends by its
// own clock: a renewal may be up to 1.5 s late before the node holds its triggers.

export type MembershipRepos = Pick<Repos, 'nodes' | 'ring' | 'leases' | 'runs'>

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
  /**
   * Measure this node's clock against the database's at every heartbeat (node-clock.ts). The core
   * does when it runs on the system clock; a test's manual clock is no wall clock to compare.
   */
  measuresClock?: boolean
}

/** What this node takes on as the cluster changes around it; the scheduler's ring and the trigger service do the work. */
export interface NodeDuties {
  /** Fires taken over from a dead node (or an earlier life of this process), for this node's ring. */
  adopt(fires: RingFire[]): void
  /** Runs a dead node wrote but had not triggered, taken over while still inside the misfire threshold: trigger them. */
  adoptRuns(logIds: number[]): void
  /** A dead node is gone for good: its embedded runs will never finish. */
  onNodeGone(node: ClusterNode): Promise<void>
  /**
   * This node was taken for dead and its work taken over: drop what it still holds of its old life
   * (the fires in its ring, runs written and not yet triggered) before it joins again.
   */
  onFenced(): void
  /** Its lease was renewed (after every heartbeat): work held while it lapsed, if any, may go on. */
  onRenewed(): void
  /**
   * This node's clock has just gone off the database's by more than the margin: it stops leading
   * (its planned fires are handed to the other nodes) — drop the fires its ring still holds.
   */
  onStopLeading?(): void
  /** This node's clock has just gone off the database's by more than the warning threshold (once per episode). */
  onClockSkewed?(verdict: ClockSkewVerdict, episodeStartMs: number): void
}

/**
 * The owner a node's planned fires are handed to while its clock is off: no node has that id, so the
 * next live node's heartbeat takes them over as fires of an owner without a row.
 */
export const releasedOwnerOf = (nodeId: string): string => `released-by-${nodeId}`

/**
 * This process as a node of the cluster on the database (a desktop app is a cluster of one):
 * joins with a lease and a new epoch, renews it every second, and takes over the work of nodes
 * whose lease ran out — their planned fires, the runs they wrote and never triggered, and the end
 * of their embedded runs. It is also this node's fence (NodeFence): work that acts for the node
 * proves its epoch in its transaction, and triggers go out only while the node's own last renewal
 * is recent enough that no other node can have taken it for dead. A node that stops leaves at once.
 */
export class NodeMembership implements NodeFence {
  private readonly heartbeatMs: number
  private readonly leaseMs: number
  private readonly stopLoop = new AbortController()
  private loop: Promise<void> | null = null
  private current: NodeLease | null = null
  /**
   * Until when this node may act by its own clock: the start of its last successful renewal plus
   * the lease, less NODE_CLOCK_MARGIN_MS. The others take it for dead only after the full lease (by
   * their clocks), so with clocks within the margin of each other the two never overlap.
   */
  private actsUntilMs = 0
  private periodicWork = false
  private peers = 0
  /** The nodes as of the last heartbeat, this one included. */
  private view: ClusterNode[] = []
  /** Given at join: before it, the node has not joined and takes nothing over. */
  private duties: NodeDuties | null = null
  /** This node's clock against the database's, measured at every heartbeat. */
  private readonly clockWatch: NodeClock

  constructor(private readonly options: MembershipOptions) {
    this.heartbeatMs = options.heartbeatMs ?? NODE_HEARTBEAT_MS
    this.leaseMs = options.leaseMs ?? Math.max(NODE_LEASE_MS, 3 * this.heartbeatMs)
    this.clockWatch = new NodeClock({ nodes: options.store.nodes, clock: options.clock, logger: options.logger, nodeName: options.node.nodeName })
  }

  get nodeId(): string {
    return this.options.node.nodeId
  }

  get nodeName(): string {
    return this.options.node.nodeName
  }

  lease(): NodeLease | null {
    return this.current
  }

  actsAt(nowMs: number): boolean {
    return this.current !== null && nowMs < this.actsUntilMs
  }

  async check(tx: Pick<Repos, 'nodes'>, nowMs: number): Promise<void> {
    const lease = this.current
    if (lease === null || !this.actsAt(nowMs) || !(await tx.nodes.holds(lease, nowMs))) throw fencedError(this.options.node.nodeName)
  }

  /**
   * Whether this node plans and fires scheduled fires: not while its clock is off the database's by
   * more than NODE_CLOCK_MARGIN_MS (it would fire early, or be taken for dead at any pause).
   */
  leads(): boolean {
    return this.clockWatch.leads()
  }

  /** This node's clock against the database's, as last measured (null: not measured, as on SQLite). */
  clockSkew(): ClockSkewVerdict | null {
    return this.clockWatch.skew()
  }

  /** Whether this node holds the periodic-work lease (as of its last heartbeat, and while it may act). */
  doesPeriodicWork(): boolean {
    return this.periodicWork && this.actsAt(this.options.clock.nowMs())
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

  /** Joins with a new epoch, and takes over what dead nodes left (fires planned by a process of an older version too). */
  async join(duties: NodeDuties): Promise<void> {
    this.duties = duties
    const startedMs = this.options.clock.nowMs()
    await this.joinAt(startedMs)
    // Before the scheduler starts: a node whose clock is off plans nothing, from its first scan on.
    await this.measureSkew()
    await this.takeOverDead(startedMs)
    await this.renewPeriodicWork(startedMs)
  }

  start(): void {
    this.loop ??= this.beatLoop(this.stopLoop.signal)
  }

  /**
   * Beats at a fixed rate — each one a heartbeat after the start of the one before, not after its
   * end — so the time a beat takes (a round trip to the database) never adds up into a lapse.
   */
  private async beatLoop(signal: AbortSignal): Promise<void> {
    const { clock, logger } = this.options
    let nextMs = clock.nowMs() + this.heartbeatMs
    while (!signal.aborted) {
      await sleepUntil(clock, nextMs, signal)
      if (signal.aborted) return
      try {
        await this.beat()
      } catch (error) {
        logger.warn('node heartbeat failed', { error: (error as Error).message })
      }
      nextMs += this.heartbeatMs
      // Behind (a beat slower than its period, a suspended laptop): the next one at once, the rate from there.
      if (nextMs < clock.nowMs()) nextMs = clock.nowMs()
    }
  }

  /** Stops renewing and removes the node's row, so another node takes its planned fires over at once. */
  async leave(): Promise<void> {
    this.stopLoop.abort()
    await this.loop
    const { store, logger } = this.options
    const lease = this.current
    this.current = null
    try {
      if (this.periodicWork) await store.leases.release(PERIODIC_WORK_LEASE, this.nodeId)
      this.periodicWork = false
      if (lease) await store.nodes.leave(lease)
    } catch (error) {
      logger.warn('leaving the cluster failed', { error: (error as Error).message })
    }
  }

  /**
   * One heartbeat: renews the lease (or, taken for dead, drops what this life planned and joins
   * again with a new epoch), takes over dead nodes' work, renews the periodic-work lease. The loop
   * calls it every second; tests step it.
   */
  async beat(): Promise<void> {
    const { store, clock, logger, node } = this.options
    const startedMs = clock.nowMs()
    const lease = this.current
    if (lease === null) {
      // A join that failed earlier (the database was away): try again.
      await this.joinAt(startedMs)
    } else if (await store.nodes.heartbeat(lease, startedMs, startedMs + this.leaseMs)) {
      // Lapsed by now (the renewal itself may have taken that long): work was held meanwhile.
      if (!this.actsAt(clock.nowMs())) logger.warn('this node renewed its lease after a lapse; held triggers go on', { node: node.nodeName })
      this.actsUntilMs = startedMs + this.leaseMs - NODE_CLOCK_MARGIN_MS
      this.duties?.onRenewed()
    } else {
      // Taken for dead (a pause or an outage longer than the lease): the others have our work.
      this.current = null
      this.periodicWork = false
      logger.warn('this node was taken for dead by the cluster: it drops what it planned and joins again with a new epoch', {
        node: node.nodeName,
        epoch: lease.epoch,
      })
      this.duties?.onFenced()
      await this.joinAt(startedMs)
    }
    await this.measureSkew()
    await this.takeOverDead(startedMs)
    await this.renewPeriodicWork(startedMs)
  }

  private async joinAt(nowMs: number): Promise<void> {
    const { store, node } = this.options
    const epoch = await store.transaction((tx) => tx.nodes.join({ ...node, startedAtMs: nowMs, heartbeatAtMs: nowMs, leaseUntilMs: nowMs + this.leaseMs }))
    this.current = { nodeId: node.nodeId, epoch }
    this.actsUntilMs = nowMs + this.leaseMs - NODE_CLOCK_MARGIN_MS
    this.clockWatch.rejoined()
  }

  /**
   * Reads the database's clock and judges this node's against it (node-clock.ts). While it is off by
   * more than the margin the node leads nothing: at every beat the fires still in its part of the
   * ring go to an owner without a row, so a node whose clock agrees takes them over at its next beat.
   */
  private async measureSkew(): Promise<void> {
    const { store, clock, logger } = this.options
    const lease = this.current
    if (lease === null || this.options.measuresClock !== true) return
    const { before, after } = await this.clockWatch.measure(lease)
    const was = before?.state ?? 'ok'
    if (after !== null && after.state !== 'ok' && was === 'ok') this.duties?.onClockSkewed?.(after, clock.nowMs() - after.skewMs)
    if (after?.state !== 'refuse') return
    if (was !== 'refuse') this.duties?.onStopLeading?.()
    try {
      const nowMs = clock.nowMs()
      const released = await store.transaction(async (tx) => {
        await this.check(tx, nowMs)
        return tx.ring.takeOver(this.nodeId, releasedOwnerOf(this.nodeId))
      })
      if (released.length > 0) logger.info('fires planned here go to the other nodes while this clock is off', { fires: released.length })
    } catch (error) {
      logger.warn('handing the planned fires to the other nodes failed', { error: (error as Error).message })
    }
  }

  private async renewPeriodicWork(nowMs: number): Promise<void> {
    const { store } = this.options
    this.periodicWork = this.current !== null && (await store.leases.acquire(PERIODIC_WORK_LEASE, this.nodeId, nowMs, nowMs + this.leaseMs))
    this.view = await store.nodes.list()
    this.peers = this.view.filter((n) => n.nodeId !== this.nodeId && n.leaseUntilMs >= nowMs).length
  }

  /**
   * Takes over what dead nodes left, each in one transaction that also proves this node's own
   * lease: the dead node's row goes, its planned fires move to this node's ring, and the runs it
   * wrote but never triggered move here when they are still inside the misfire threshold (older
   * ones may have been triggered with their outcome lost: the stale-run sweep ends them). Fires of
   * an owner with no node row at all (a node that left, a process killed before it joined, fires
   * planned before nodes had ids) are taken over too.
   */
  private async takeOverDead(nowMs: number): Promise<void> {
    const { store, logger } = this.options
    // A node whose clock is off judges no other node's lease by it (2 s ahead, it would take a node
    // for dead after any pause of 1 s), nor takes fires it would not fire: the others do both.
    if (this.current === null || !this.leads()) return
    const nodes = await store.nodes.list()
    for (const dead of nodes) {
      if (dead.nodeId === this.nodeId || dead.leaseUntilMs >= nowMs) continue
      const taken = await store.transaction(async (tx) => {
        await this.check(tx, nowMs)
        // One node takes over from the dead one; the others find its row gone.
        if (!(await tx.nodes.removeExpired(dead, nowMs))) return null
        const fires = await tx.ring.takeOver(dead.nodeId, this.nodeId)
        const runs = await tx.runs.takeOverPending(dead.nodeId, this.nodeId, nowMs - PRE_READ_MS)
        return { fires, runs }
      })
      if (!taken) continue
      logger.warn('a node of the cluster is gone; its planned fires and runs are taken over here', {
        node: dead.nodeName,
        fires: taken.fires.length,
        runs: taken.runs.length,
      })
      if (taken.fires.length > 0) this.duties?.adopt(taken.fires)
      if (taken.runs.length > 0) this.duties?.adoptRuns(taken.runs)
      await this.duties?.onNodeGone(dead)
    }
    // The owners before the rows: a node that joins in between has no fires in the first read.
    const owners = await store.ring.owners()
    const rows = new Set((await store.nodes.list()).map((n) => n.nodeId))
    for (const owner of owners) {
      if (owner === this.nodeId || rows.has(owner)) continue
      const fires = await store.transaction(async (tx) => {
        await this.check(tx, nowMs)
        return tx.ring.takeOver(owner, this.nodeId)
      })
      if (fires.length > 0) this.duties?.adopt(fires)
    }
  }
}
