import { runPeriodically, type Clock } from '../kernel/clock'
import type { Logger } from '../kernel/logger'
import type { VersionedData, VersionRepo } from '../store/version-repo'

/** How often the versions are read: a change by another node reaches this node's consoles within it. */
export const DEFINITION_WATCH_MS = 1000

/**
 * Notices writes to jobs, links and settings made by other nodes (or another process on the same
 * SQLite file) through their versions, which every write raises in its own transaction: one small
 * query a second, and nothing is missed while a node was busy or its event channel was down.
 */
export class DefinitionWatch {
  private seen: Record<VersionedData, number> | null = null
  private readonly stopLoop = new AbortController()
  private loop: Promise<void> | null = null

  constructor(
    private readonly versions: VersionRepo,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly onChange: (changed: VersionedData[]) => Promise<void> | void,
  ) {}

  /** Reads the versions as they are now; changes from here on are told. */
  async start(): Promise<void> {
    this.seen = await this.versions.current()
    this.loop = runPeriodically(
      this.clock,
      DEFINITION_WATCH_MS,
      this.stopLoop.signal,
      () => this.check(),
      (error) => this.logger.warn('reading the definition versions failed', { error: (error as Error).message }),
    )
  }

  async stop(): Promise<void> {
    this.stopLoop.abort()
    await this.loop
  }

  private async check(): Promise<void> {
    const now = await this.versions.current()
    const before = this.seen ?? now
    this.seen = now
    const changed = (Object.keys(now) as VersionedData[]).filter((name) => now[name] !== before[name])
    if (changed.length > 0) await this.onChange(changed)
  }
}
