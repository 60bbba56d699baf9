/** What changed, for the consoles connected to other nodes (and their caches). */
export type ClusterTopic = 'runs' | 'registry' | 'jobs' | 'links' | 'settings'

export interface ClusterEvent {
  /** The node that made the change (a node ignores its own events: it told its consoles already). */
  nodeId: string
  topic: ClusterTopic
  /** The rows concerned, when the topic has rows (run ids, job ids). */
  ids?: number[]
}

/**
 * Tells the other nodes on the database what changed, so a console connected to any node sees every
 * node's runs live. Delivery is best effort and at most about a second late: a lost event only
 * delays a console until its next read. PostgreSQL: LISTEN/NOTIFY; MySQL and SQLite (two processes
 * on one file): a table polled a few times a second.
 */
export interface ClusterEventChannel {
  publish(event: ClusterEvent): Promise<void>
  /** Every event published after the subscription, this node's own included. */
  subscribe(listener: (event: ClusterEvent) => void): () => void
  close(): Promise<void>
}

/** The channel of a store only this process uses: events reach this process's own listeners. */
export class LocalEventChannel implements ClusterEventChannel {
  private readonly listeners = new Set<(event: ClusterEvent) => void>()

  async publish(event: ClusterEvent): Promise<void> {
    for (const listener of this.listeners) listener(event)
  }

  subscribe(listener: (event: ClusterEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  async close(): Promise<void> {
    this.listeners.clear()
  }
}
