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

  async job(repos: Pick<Repos, 'jobs'>, id: number): Promise<TriggerJob | undefined> {
    if (this.jobs.has(id)) return this.jobs.get(id)
    const found = await repos.jobs.get(id)
    const job = found && triggerJobOf(found)
    this.jobs.set(id, job)
    return job
  }

  /** A per-batch group lookup. */
  static groupLookup(repos: Pick<Repos, 'groups'>): (id: number) => Promise<JobGroup | undefined> {
    const groups = new Map<number, Promise<JobGroup | undefined>>()
    return (id) => {
      let group = groups.get(id)
      if (!group) groups.set(id, (group = repos.groups.get(id)))
      return group
    }
  }
}
