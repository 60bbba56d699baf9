import type { JobGroup, JobInfo } from '../../shared/model'
import type { Store } from '../store/store'

/**
 * Job definitions for the trigger path, read once instead of once per fire (reading and mapping a
 * job row was the largest single cost per fire). The cache is dropped whole whenever this
 * connection changed a job (JobRepo.changeCount) or another connection committed anything
 * (PRAGMA data_version): edits are rare, fires are not. Groups are not cached — their address
 * lists change with every registration — only memoised within one batch.
 */
export class JobCache {
  private readonly jobs = new Map<number, JobInfo | undefined>()
  private stamp = ''

  constructor(private readonly store: Store) {}

  /** Call before a batch: validates the cache against both change counters. */
  refresh(): void {
    const stamp = `${this.store.jobs.changeCount}:${this.store.dataVersion()}`
    if (stamp === this.stamp) return
    this.jobs.clear()
    this.stamp = stamp
  }

  job(id: number): JobInfo | undefined {
    if (this.jobs.has(id)) return this.jobs.get(id)
    const job = this.store.jobs.get(id)
    this.jobs.set(id, job)
    return job
  }

  /** A per-batch group lookup. */
  static groupLookup(store: Store): (id: number) => JobGroup | undefined {
    const groups = new Map<number, JobGroup | undefined>()
    return (id) => {
      if (!groups.has(id)) groups.set(id, store.groups.get(id))
      return groups.get(id)
    }
  }
}
