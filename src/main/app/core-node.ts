import { randomBytes } from 'node:crypto'
import { hostname } from 'node:os'
import { ClusterRelay } from '../cluster/cluster-relay'
import { NodeMembership } from '../cluster/node-membership'
import { nodeRouteActive } from '../cluster/node-route'
import { embeddedAddressOf } from '../domain/embedded-address'
import { systemClock } from '../kernel/clock'
import type { EventHub } from '../kernel/events'
import type { Executor } from '../executor'
import { DEFAULT_REGISTRY_TIMINGS, type RegistryTimings } from '../registry/health'
import { RegistryService } from '../registry/registry-service'
import type { CoreOptions } from './core-contract'
import type { CoreBase, CoreData } from './core-data'
import { embeddedExecutor, type EmbeddedExecutorOptions } from './embedded-executor'

/**
 * Longest an embedded run's trigger outcome waits for its completion before it is written alone.
 * At 10k runs a second runs complete within a few hundred milliseconds of their outcome; a run
 * that takes longer reads as pending for this long.
 */
const EMBEDDED_OUTCOME_HOLD_MS = 500

/** This process as a node of the cluster and as an executor of its own. */
export interface CoreNode {
  nodeId: string
  /** Its embedded executor's address (reachable in-process by this node only). */
  embeddedAddress: string
  executor: Executor | null
  membership: NodeMembership
  relay: ClusterRelay
  registry: RegistryService
  registryTimings: RegistryTimings
  /** Whether runs go through other nodes' embedded executors now (cluster/node-route.ts). */
  nodeRouteActive: () => boolean
  /** Runs were written: this node's consoles see them at once, the other nodes' consoles hear of them. */
  runsChanged: (ids: number[]) => void
}

/**
 * Each process is a node with an id of its own, and its embedded executor an address of its own,
 * so a dead process's runs and planned fires are told apart from a live one's. What changes here
 * (runs written, the registry) is shown on this node's consoles at once and relayed to the others'.
 */
export function coreNode({
  options,
  base,
  data: { store, events, settings, writer, artifacts, secretMasks },
}: {
  options: Pick<CoreOptions, 'embeddedExecutor' | 'nodeName' | 'registryTimings'> & Omit<EmbeddedExecutorOptions, 'spawnWorker'>
  base: Pick<CoreBase, 'clock' | 'logger' | 'nowMs' | 'spawnWorker'>
  data: Pick<CoreData, 'store' | 'events' | 'settings' | 'writer' | 'artifacts' | 'secretMasks'>
}): CoreNode {
  const { clock, logger, nowMs } = base
  const nodeId = randomBytes(4).toString('hex')
  const embeddedAddress = embeddedAddressOf(nodeId)
  const executor =
    options.embeddedExecutor === false
      ? null
      : embeddedExecutor({
          options: { ...options, spawnWorker: base.spawnWorker },
          writer,
          clock,
          logger,
          settings,
          artifacts,
          masks: () => secretMasks.current(),
        })
  // The embedded executor's outcomes wait for their completions: one UPDATE per run where two were (RunWriter.holdOutcomesOf).
  if (executor) writer.holdOutcomesOf(embeddedAddress, EMBEDDED_OUTCOME_HOLD_MS)
  const membership = new NodeMembership({
    store,
    node: { nodeId, nodeName: options.nodeName ?? hostname(), embeddedAddress: executor ? embeddedAddress : '', adminUrl: '' },
    clock,
    logger,
    measuresClock: clock === systemClock,
  })
  const relay = new ClusterRelay(store.events, nodeId, () => membership.peerCount() > 0, logger)
  const registryTimings = options.registryTimings ?? DEFAULT_REGISTRY_TIMINGS
  // This node's consoles see the registry at once; the other nodes' hear of it through the relay.
  const registry: RegistryService = new RegistryService(store, registryTimings, () => {
    showRegistryOf(registry, events, nowMs())
    relay.registryChanged()
  })
  relay.listen({ runs: (ids) => events.runsChanged(ids), registry: () => showRegistryOf(registry, events, nowMs()) })
  const runsChanged = (ids: number[]) => {
    events.runsChanged(ids)
    relay.runsChanged(ids)
  }
  return {
    nodeId,
    embeddedAddress,
    executor,
    membership,
    relay,
    registry,
    registryTimings,
    nodeRouteActive: () => nodeRouteActive(store.engine, membership),
    runsChanged,
  }
}

function showRegistryOf(registry: RegistryService, events: EventHub, nowMs: number): void {
  void registry.entries(nowMs).then(
    (entries) => events.emit({ type: 'registry-changed', entries }),
    () => {},
  )
}
