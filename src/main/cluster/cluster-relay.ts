import type { Logger } from '../kernel/logger'
import type { ClusterEvent, ClusterEventChannel } from '../store/cluster-events'

/** Run ids collect this long before one event carries them (a busy node changes thousands a second). */
const RUNS_WINDOW_MS = 100
/** Most run ids one event carries; the channel splits further if its transport needs to. */
const MAX_RUN_IDS = 2000

export interface RelayHandlers {
  /** Runs another node wrote or changed. */
  runs(ids: number[]): void
  /** Another node's registry changed (a first registration, a removal, a sweep). */
  registry(): void
}

/**
 * Carries what consoles must see live between the nodes of a cluster: runs written or finished on
 * any node, and registry changes. Job, link and settings changes travel through their versions
 * instead (DefinitionWatch), which also catches writes made while a node was away.
 */
export class ClusterRelay {
  private pendingRuns = new Set<number>()
  private timer: NodeJS.Timeout | null = null
  private unsubscribe: (() => void) | null = null

  constructor(
    private readonly channel: ClusterEventChannel,
    private readonly nodeId: string,
    /** False while this node is alone on the database: nobody to tell. */
    private readonly hasPeers: () => boolean,
    private readonly logger: Logger,
  ) {}

  listen(handlers: RelayHandlers): void {
    this.unsubscribe = this.channel.subscribe((event: ClusterEvent) => {
      if (event.nodeId === this.nodeId) return
      if (event.topic === 'runs' && event.ids) handlers.runs(event.ids)
      else if (event.topic === 'registry') handlers.registry()
    })
  }

  runsChanged(ids: Iterable<number>): void {
    if (!this.hasPeers()) return
    for (const id of ids) this.pendingRuns.add(id)
    this.timer ??= setTimeout(() => this.flushRuns(), RUNS_WINDOW_MS)
  }

  registryChanged(): void {
    if (this.hasPeers()) this.publish({ nodeId: this.nodeId, topic: 'registry' })
  }

  close(): void {
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    this.unsubscribe?.()
  }

  private flushRuns(): void {
    this.timer = null
    const ids = [...this.pendingRuns]
    this.pendingRuns = new Set()
    for (let from = 0; from < ids.length; from += MAX_RUN_IDS) this.publish({ nodeId: this.nodeId, topic: 'runs', ids: ids.slice(from, from + MAX_RUN_IDS) })
  }

  private publish(event: ClusterEvent): void {
    this.channel.publish(event).catch((error: Error) => this.logger.warn('telling the other nodes failed', { topic: event.topic, error: error.message }))
  }
}
