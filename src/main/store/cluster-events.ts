/** What changed, for the consoles connected to other nodes (and their caches). */
export const CLUSTER_TOPICS = ['runs', 'registry', 'jobs', 'links', 'settings'] as const
export type ClusterTopic = (typeof CLUSTER_TOPICS)[number]

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
 * on one file): a table polled a few times a second. A long id list may arrive split over several
 * events of the same node and topic.
 */
export interface ClusterEventChannel {
  publish(event: ClusterEvent): Promise<void>
  /** Every event published after the subscription, this node's own included. */
  subscribe(listener: (event: ClusterEvent) => void): () => void
  close(): Promise<void>
}

/** Characters of a comma-joined id list in one delivered event: a NOTIFY payload holds < 8000 bytes. */
export const MAX_ID_CHARS = 7000
const MAX_NODE_ID_CHARS = 64

/** `ids` comma-joined, in pieces of at most `maxChars` characters ('' alone for an event without ids). */
export function idChunks(ids: readonly number[] | undefined, maxChars = MAX_ID_CHARS): string[] {
  if (!ids || ids.length === 0) return ['']
  const chunks: string[] = []
  let current = ''
  for (const id of ids) {
    const text = String(id)
    if (current !== '' && current.length + 1 + text.length > maxChars) {
      chunks.push(current)
      current = ''
    }
    current = current === '' ? text : `${current},${text}`
  }
  chunks.push(current)
  return chunks
}

/**
 * An event as another node stored or sent it, or null when it is not one: the database is shared,
 * so what it hands back is checked like any other input before a listener sees it.
 */
export function eventOf(nodeId: unknown, topic: unknown, ids: unknown): ClusterEvent | null {
  if (typeof nodeId !== 'string' || nodeId.length > MAX_NODE_ID_CHARS) return null
  if (typeof topic !== 'string' || !(CLUSTER_TOPICS as readonly string[]).includes(topic)) return null
  if (typeof ids !== 'string' || ids.length > MAX_ID_CHARS || !/^(\d{1,15}(,\d{1,15})*)?$/.test(ids)) return null
  const event: ClusterEvent = { nodeId, topic: topic as ClusterTopic }
  if (ids !== '') event.ids = ids.split(',').map(Number)
  return event
}

/** A channel's listeners; one that throws does not keep the event from the others. */
export class ListenerSet {
  private readonly listeners = new Set<(event: ClusterEvent) => void>()

  get size(): number {
    return this.listeners.size
  }

  add(listener: (event: ClusterEvent) => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  emit(event: ClusterEvent): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(event)
      } catch {
        // A listener's own bug; the channel keeps delivering.
      }
    }
  }

  clear(): void {
    this.listeners.clear()
  }
}
