import type { JobGroup } from '../../shared/model'
import type { Repos } from '../store/store'
import { triggerJobOf, type TriggerJob } from './trigger-job'

/**
 * Job definitions for the trigger path, read once instead of once per fire (reading and mapping a
 * job row was the largest single cost per fire). The cache is dropped whole whenever the jobs'
 * version moved — any write to a job by any node raises it (store/version-repo.ts): edits are rare,
 * fires are not. Groups are not cached — their address lists change with every registration — only
 * memoised within one batch.
 */
export class JobCache {
  /** The trigger's part of each job (prepare-runs.ts, TriggerJob): the whole definition was most of the heap at 100k jobs. */
  private readonly jobs = new Map<number, TriggerJob | undefined>()
  private version = -1

  /** Call before a batch, with the batch's repositories: validates the cache against the jobs' version. */
  async refresh(repos: Pick<Repos, 'versions'>): Promise<void> {
    const { jobs } = await repos.versions.current()
    if (jobs === this.version) return
    this.jobs.clear()
    this.version = jobs
  }

  /**
   * The job as cached, without a read; undefined when it was not read yet (or does not exist, which
   * `job` then answers from the cache). A batch's fires take it first: awaiting `job` for a cached
   * job cost a promise and a turn of the microtask queue per fire.
   */
  cached(id: number): TriggerJob | undefined {
    return this.jobs.get(id)
  }

  /**
   * Reads the jobs of `ids` that are not cached yet, in one query per chunk of ids. After any edit the
   * cache is empty, and a batch of a thousand fires read its jobs one at a time: a thousand round
   * trips on PostgreSQL or MySQL before the batch could fire.
   */
  async load(repos: Pick<Repos, 'jobs'>, ids: Iterable<number>): Promise<void> {
    const missing = new Set<number>()
    for (const id of ids) if (!this.jobs.has(id)) missing.add(id)
    if (missing.size === 0) return
    const found = new Map((await repos.jobs.getMany([...missing])).map((job) => [job.id, job]))
    // A job that is gone is cached as such, as `job` does: its fires are skipped without another read.
    for (const id of missing) {
      const job = found.get(id)
      this.jobs.set(id, job && triggerJobOf(job))
    }
  }

  async job(repos: Pick<Repos, 'jobs'>, id: number): Promise<TriggerJob | undefined> {
    if (this.jobs.has(id)) return this.jobs.get(id)
    const found = await repos.jobs.get(id)
    const job = found && triggerJobOf(found)
    this.jobs.set(id, job)
    return job
  }

  /**
   * A per-batch group lookup: a read the first time a group is asked for, the group itself after
   * (a batch's fires share a few groups; callers await only a promise).
   */
  static groupLookup(repos: Pick<Repos, 'groups'>): (id: number) => JobGroup | undefined | Promise<JobGroup | undefined> {
    const groups = new Map<number, JobGroup | undefined>()
    return (id) =>
      groups.has(id)
        ? groups.get(id)
        : repos.groups.get(id).then((group) => {
            groups.set(id, group)
            return group
          })
  }
}
