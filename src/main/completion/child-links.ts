import type { MadeLink } from '../store/link-repo'
import type { Repos } from '../store/store'
import type { PreparedRun } from '../trigger/prepare-runs'
import type { RunWriter } from './run-writer'

/**
 * The child links of every job, by parent job, as last read. Links change rarely: they are read
 * again when their version moved (a write by this node or any other), checked on each use by the
 * child-job monitor, and at once when this node changes them (`reload`).
 */
export class ChildLinks {
  private links = new Map<number, MadeLink[]>()
  private version = -1

  constructor(
    private readonly store: Pick<Repos, 'links' | 'versions'>,
    private readonly writer: Pick<RunWriter, 'expedite'>,
  ) {}

  /** The links as the database has them now (one read of the versions; the links only when they moved). */
  async byParent(): Promise<ReadonlyMap<number, readonly MadeLink[]>> {
    const { links: version } = await this.store.versions.current()
    if (version !== this.version) {
      const links = new Map<number, MadeLink[]>()
      for (const link of await this.store.links.allMade()) {
        const list = links.get(link.parentJobId)
        if (list) list.push(link)
        else links.set(link.parentJobId, [link])
      }
      this.links = links
      this.version = version
    }
    return this.links
  }

  /** This node just changed links: read them now, so the next trigger already knows its job's children. */
  reload(): Promise<unknown> {
    return this.byParent()
  }

  /**
   * Whether the job had children when the links were last read, without a read: a hint for what
   * may wait on a run (to write its completion sooner), never what decides to fire a child.
   */
  isParent(jobId: number): boolean {
    return this.links.has(jobId)
  }

  /**
   * Runs were written: those of parent jobs get their completions written without the writer's
   * batch delay, since their children wait on them (B14: ~9.5 of a step's 11 ms were that delay).
   */
  written(runs: readonly Pick<PreparedRun, 'logId' | 'job'>[]): void {
    const parents = runs.filter((run) => this.isParent(run.job.id)).map((run) => run.logId)
    if (parents.length > 0) this.writer.expedite(parents)
  }
}
