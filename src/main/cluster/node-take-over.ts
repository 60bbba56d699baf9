import { EMBEDDED_APP_NAME, type ExecutorInfo } from '../../shared/model'
import { interruptedEmbeddedRun } from '../completion/lost-runs'
import type { InfraAlerts } from '../completion/infra-alerts'
import type { RunCompletion } from '../domain/runs'
import type { ClusterNode } from '../domain/nodes'
import type { Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { RegistryService } from '../registry/registry-service'
import type { Scheduler } from '../scheduler/scheduler'
import type { Repos } from '../store/store'
import type { TriggerService } from '../trigger/trigger-service'
import type { NodeDuties } from './node-duties'
import type { ClockSkewVerdict } from '../../shared/clock-skew'

export interface NodeTakeOverDeps {
  scheduler: Pick<Scheduler, 'adopt' | 'dropRing'>
  triggers: Pick<TriggerService, 'adoptRuns' | 'dropHeld' | 'resumeHeld'>
  runs: Pick<Repos['runs'], 'findRunningOn'>
  complete(completions: RunCompletion[]): Promise<void>
  registry: Pick<RegistryService, 'beatIn' | 'removeIn' | 'changed'>
  /** This node's embedded executor, registered with every join of the node; null without one. */
  embedded: { address: string; info: () => ExecutorInfo | null } | null
  clock: Clock
  logger: Logger
  /** Told of each node this node took over from (the alert goes out once: only one node takes over), and of this node's clock going off. */
  alerts?: Pick<InfraAlerts, 'nodeLost' | 'clockSkewed'>
  /** This node, as the alert of its clock names it. */
  node: { nodeId: string; nodeName: string }
}

/**
 * This node's part when the cluster changes: the fires and untriggered runs of a dead node go to
 * this node's ring and trigger service, a dead node's embedded runs end as interrupted (they will
 * never call back), and a node that was itself taken for dead drops what it held of its old life.
 * The registry follows the membership in the same transactions: a node joins with its embedded
 * executor registered, and a take-over removes the dead node's.
 */
export class NodeTakeOver implements NodeDuties {
  constructor(private readonly deps: NodeTakeOverDeps) {}

  async registerIn(tx: Pick<Repos, 'registry' | 'groups'>, nowMs: number): Promise<void> {
    const { embedded, registry } = this.deps
    if (embedded) await registry.beatIn(tx, EMBEDDED_APP_NAME, embedded.address, nowMs, embedded.info())
  }

  onJoined(): void {
    if (this.deps.embedded) this.deps.registry.changed()
  }

  async forgetIn(tx: Pick<Repos, 'registry' | 'groups'>, node: ClusterNode, nowMs: number): Promise<void> {
    if (node.embeddedAddress !== '') await this.deps.registry.removeIn(tx, EMBEDDED_APP_NAME, node.embeddedAddress, nowMs)
  }

  adopt(fires: Parameters<NodeDuties['adopt']>[0]): void {
    this.deps.scheduler.adopt(fires, this.deps.clock.nowMs())
  }

  adoptRuns(logIds: number[]): void {
    void this.deps.triggers.adoptRuns(logIds).catch(this.logError('triggering the runs of a lost node failed'))
  }

  async onNodeGone(node: ClusterNode): Promise<void> {
    this.deps.alerts?.nodeLost(node)
    if (node.embeddedAddress === '') return
    const { runs, registry, clock } = this.deps
    registry.changed()
    const running = await runs.findRunningOn(node.embeddedAddress, clock.nowMs())
    const how = ` (node '${node.nodeName}' stopped renewing its lease)`
    if (running.length > 0) await this.deps.complete(running.map((run) => interruptedEmbeddedRun(run, clock.nowMs(), how)))
  }

  onFenced(): void {
    const fires = this.deps.scheduler.dropRing()
    const runs = this.deps.triggers.dropHeld()
    this.deps.logger.warn('dropped what this node planned before it was taken for dead (the node that took over has it)', { fires, runs })
  }

  onStopLeading(): void {
    const fires = this.deps.scheduler.dropRing()
    this.deps.logger.info('dropped the fires this node planned: the other nodes fire them while its clock is off', { fires })
  }

  onClockSkewed(verdict: ClockSkewVerdict, episodeStartMs: number): void {
    this.deps.alerts?.clockSkewed(this.deps.node, verdict.skewMs, episodeStartMs)
  }

  onRenewed(): void {
    void this.deps.triggers.resumeHeld().catch(this.logError('resuming held triggers failed'))
  }

  private logError(what: string) {
    return (error: unknown) => this.deps.logger.error(what, { error: (error as Error).message })
  }
}
