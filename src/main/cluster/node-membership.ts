import { sleepUntil, type Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { ClusterNode, NodeLease } from '../domain/nodes'
import type { Repos, Store, UnitOfWork } from '../store/store'
import { nodeExecutorUrl } from './node-executor-route'
import { PRE_READ_MS } from '../scheduler/plan-scan'
import { fencedError, lapsedError, notJoinedError, type NodeFence } from '../scheduler/node-fence'
import { NODE_CLOCK_MARGIN_MS, type ClockSkewVerdict } from '../../shared/clock-skew'
import { NodeClock } from './node-clock'
import type { NodeDuties } from './node-duties'

/** A node renews its lease this often… */
export const NODE_HEARTBEAT_MS = 1000
/** …and is taken for dead once it has not for this long: its fires are taken over within ~4 s. */
export const NODE_LEASE_MS = 3000
// A node stops acting NODE_CLOCK_MARGIN_MS (src/shared/clock-skew.ts) before its lease ends by its
// own clock: a renewal may be up to 1.5 s late before the node holds its triggers.

export type MembershipRepos = Pick<Repos, 'nodes' | 'ring' | 'leases' | 'runs' | 'registry' | 'groups'>

/** The lease of the cluster's periodic work: lost-run sweep, daily report, retention, copies of running LAN logs. */
export const PERIODIC_WORK_LEASE = 'periodic-work'

export interface MembershipOptions {
  /** `renewals` for the lease's renewals (a connection of their own), the rest for joining and taking over. */
  store: MembershipRepos & UnitOfWork<MembershipRepos> & Pick<Store, 'renewals'>
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
  /** The take-overs and periodic-work renewal under way (one at a time), apart from the renewals. */
  private looking: Promise<void> | null = null

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

  /**
   * Each refusal says what is true: not joined (between two lives), lapsed (a renewal is late;
   * nothing was taken over), or fenced (the fence row is gone: taken over). The fence row, not the
   * lease row, is what the transaction locks, so this node's renewals never wait behind it.
   */
  async check(tx: Pick<Repos, 'nodes'>, nowMs: number): Promise<void> {
    const lease = this.current
    const name = this.options.node.nodeName
    if (lease === null) throw notJoinedError(name)
    if (!this.actsAt(nowMs)) throw lapsedError(name, nowMs - this.actsUntilMs)
    if (!(await tx.nodes.holdsFence(lease))) throw fencedError(name)
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

  /**
   * Joins, and renews the lease from then on. The process's own startup after its join (the demo
   * jobs, the surfaces, a loaded machine's slow first seconds) then never outlasts the lease it
   * joined with: renewed only once startup ended, the first lease lapsed before the first scan,
   * which was refused (a lone node on an embedded database, with nobody to take it over, logged that
   * it could not confirm its lease).
   */
  async joinAndRenew(duties: NodeDuties): Promise<void> {
    await this.join(duties)
    this.start()
  }

  /** Renews the lease every heartbeat from now on (once; tests that step the beats call `beat` instead). */
  private start(): void {
    this.loop ??= this.beatLoop(this.stopLoop.signal)
  }

  /**
   * Beats at a fixed rate — each one a heartbeat after the start of the one before, not after its
   * end — so the time a beat takes (a round trip to the database) never adds up into a lapse. The
   * renewal is awaited; the rest of the beat (take-overs, the periodic-work lease) goes through the
   * pool, where this node's own transactions may keep it waiting, or behind a paused node's open
   * transaction it takes over: it runs beside the loop, one at a time, and no renewal waits for it.
   */
  private async beatLoop(signal: AbortSignal): Promise<void> {
    const { clock, logger } = this.options
    const warn = (error: unknown) => logger.warn('node heartbeat failed', { error: (error as Error).message })
    let nextMs = clock.nowMs() + this.heartbeatMs
    while (!signal.aborted) {
      await sleepUntil(clock, nextMs, signal)
      if (signal.aborted) return
      const startedMs = clock.nowMs()
      await this.renew(startedMs).catch(warn)
      // One under way still: it goes on (and says how it ended) once.
      if (this.looking === null) this.lookAround(startedMs).catch(warn)
      nextMs += this.heartbeatMs
      // Behind (a beat slower than its period, a suspended laptop): the next one at once, the rate from there.
      if (nextMs < clock.nowMs()) nextMs = clock.nowMs()
    }
  }

  /** Stops renewing and removes the node's row, so another node takes its planned fires over at once. */
  async leave(): Promise<void> {
    this.stopLoop.abort()
    await this.loop
    await this.looking?.catch(() => undefined)
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
   * One heartbeat, whole: the renewal, then the take-overs of dead nodes and the periodic-work
   * lease. The loop runs the two parts apart (beatLoop); tests step this.
   */
  async beat(): Promise<void> {
    const startedMs = this.options.clock.nowMs()
    await this.renew(startedMs)
    await this.lookAround(startedMs)
  }

  /**
   * The one place the lease is renewed, on the store's renewal connection (Store.renewals), which
   * none of this node's transactions hold: it waits behind nothing of this node's own. Three
   * outcomes, each logged as what it is:
   * - renewed in time: nothing to say;
   * - renewed late — the node's own deadline passed, so it held its triggers, but its row was still
   *   there: nobody took it over, and what it held goes on;
   * - taken over — its row of this epoch is gone: another node has its work; it drops what it
   *   planned and joins again with a new epoch, its embedded executor registered in that same join.
   */
  private async renew(startedMs: number): Promise<void> {
    const { store, clock, logger, node } = this.options
    const lease = this.current
    if (lease === null) {
      // A join that failed earlier (the database was away): try again.
      await this.joinAt(startedMs)
    } else if (await store.renewals.nodes.heartbeat(lease, startedMs, startedMs + this.leaseMs)) {
      // The deadline is checked after the renewal: the renewal itself may have been what took long.
      const lateMs = clock.nowMs() - this.actsUntilMs
      if (lateMs > 0) {
        logger.warn('late renewal: this node renewed its lease after its own deadline had passed; nobody had taken it over, so the triggers it held go on', {
          node: node.nodeName,
          epoch: lease.epoch,
          lateMs,
        })
      }
      this.actsUntilMs = startedMs + this.leaseMs - NODE_CLOCK_MARGIN_MS
      this.duties?.onRenewed()
    } else {
      this.current = null
      this.periodicWork = false
      logger.warn('taken over: the cluster took this node for dead and took its work over; it drops what it planned and joins again with a new epoch', {
        node: node.nodeName,
        epoch: lease.epoch,
      })
      this.duties?.onFenced()
      const epoch = await this.joinAt(startedMs)
      logger.warn('this node joined the cluster again, its embedded executor registered in the same step', { node: node.nodeName, epoch })
    }
  }

  /** Take-overs and the periodic-work lease; a call while one is under way shares it. */
  private lookAround(nowMs: number): Promise<void> {
    this.looking ??= (async () => {
      try {
        await this.measureSkew()
        await this.takeOverDead(nowMs)
        await this.renewPeriodicWork(nowMs)
      } finally {
        this.looking = null
      }
    })()
    return this.looking
  }

  /** Joins with a new epoch (resolved with it). */
  private async joinAt(nowMs: number): Promise<number> {
    const { store, node } = this.options
    const epoch = await store.transaction(async (tx) => {
      const epoch = await tx.nodes.join({ ...node, startedAtMs: nowMs, heartbeatAtMs: nowMs, leaseUntilMs: nowMs + this.leaseMs })
      await this.duties?.registerIn(tx, nowMs)
      return epoch
    })
    this.current = { nodeId: node.nodeId, epoch }
    this.actsUntilMs = nowMs + this.leaseMs - NODE_CLOCK_MARGIN_MS
    this.clockWatch.rejoined()
    this.duties?.onJoined()
    return epoch
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
    const { store, logger, clock } = this.options
    // A node whose clock is off judges no other node's lease by it (2 s ahead, it would take a node
    // for dead after any pause of 1 s), nor takes fires it would not fire: the others do both.
    if (this.current === null || !this.leads()) return
    const nodes = await store.nodes.list()
    for (const dead of nodes) {
      if (dead.nodeId === this.nodeId || dead.leaseUntilMs >= nowMs) continue
      const taken = await store.transaction(async (tx) => {
        await this.check(tx, clock.nowMs())
        // One node takes over from the dead one; the others find its row gone. Removing it waits
        // for the dead node's transactions still open (they hold its fence), so what they wrote moves too.
        if (!(await tx.nodes.removeExpired(dead, nowMs))) return null
        await this.duties?.forgetIn(tx, dead, nowMs)
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
        await this.check(tx, clock.nowMs())
        return tx.ring.takeOver(owner, this.nodeId)
      })
      if (fires.length > 0) this.duties?.adopt(fires)
    }
  }
}
