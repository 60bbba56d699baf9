import pg from 'pg'
import { eventOf, idChunks, ListenerSet, type ClusterEvent, type ClusterEventChannel } from '../cluster-events'

/** NOTIFY channels are per database, so nodes on other databases of the server hear nothing. */
const CHANNEL = 'jobdesk_events'
const RECONNECT_FIRST_MS = 250
const RECONNECT_MAX_MS = 5_000

/**
 * Cluster events over LISTEN/NOTIFY: publishing is a `pg_notify` on the pool (delivered to every
 * listening session on the database, this node's own included, within milliseconds); listening
 * holds one dedicated connection, opened again when it breaks (a server restart, a network cut).
 * Events sent while it is away are lost; the consoles catch up at their next read.
 */
export class PostgresEventChannel implements ClusterEventChannel {
  private readonly listeners = new ListenerSet()
  private client: pg.Client | null = null
  private reconnectTimer: NodeJS.Timeout | null = null
  private reconnectDelayMs = RECONNECT_FIRST_MS
  private closed = false
  private readonly started: Promise<void>

  constructor(
    private readonly pool: pg.Pool,
    private readonly clientConfig: pg.ClientConfig,
  ) {
    this.started = this.listen()
  }

  /** Resolves once this node listens (the store's open waits for it; a failure fails the open). */
  ready(): Promise<void> {
    return this.started
  }

  async publish(event: ClusterEvent): Promise<void> {
    for (const ids of idChunks(event.ids)) {
      await this.pool.query('SELECT pg_notify($1, $2)', [CHANNEL, JSON.stringify({ n: event.nodeId, t: event.topic, i: ids })])
    }
  }

  subscribe(listener: (event: ClusterEvent) => void): () => void {
    return this.listeners.add(listener)
  }

  async close(): Promise<void> {
    this.closed = true
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer)
    await this.started.catch(() => undefined)
    const client = this.client
    this.client = null
    await client?.end().catch(() => undefined)
    this.listeners.clear()
  }

  private async listen(): Promise<void> {
    const client = new pg.Client(this.clientConfig)
    client.on('notification', (message) => this.deliver(message.payload))
    // A broken connection emits 'error' (and then 'end'); either one starts a new connection.
    client.on('error', () => this.lost(client))
    client.on('end', () => this.lost(client))
    this.client = client
    try {
      await client.connect()
      await client.query(`LISTEN ${CHANNEL}`)
    } catch (error) {
      this.client = null
      client.end().catch(() => undefined)
      throw error
    }
    this.reconnectDelayMs = RECONNECT_FIRST_MS
  }

  private deliver(payload: string | undefined): void {
    if (this.closed || payload === undefined) return
    let parsed: { n?: unknown; t?: unknown; i?: unknown }
    try {
      parsed = JSON.parse(payload) as typeof parsed
    } catch {
      return
    }
    const event = parsed !== null && typeof parsed === 'object' ? eventOf(parsed.n, parsed.t, parsed.i) : null
    if (event) this.listeners.emit(event)
  }

  private lost(client: pg.Client): void {
    if (this.closed || this.client !== client) return
    this.client = null
    client.end().catch(() => undefined)
    this.scheduleReconnect()
  }

  private scheduleReconnect(): void {
    if (this.closed || this.reconnectTimer) return
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null
      this.listen().catch(() => {
        this.reconnectDelayMs = Math.min(this.reconnectDelayMs * 2, RECONNECT_MAX_MS)
        this.scheduleReconnect()
      })
    }, this.reconnectDelayMs)
    this.reconnectTimer.unref()
  }
}
