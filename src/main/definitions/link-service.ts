import type { JobLink } from '../../shared/model'
import { checkLink } from '../completion/dag'
import { parseChildJobIds } from '../domain/child-job-ids'
import type { RepoAccess, Repos } from '../store/store'

type LinkRepos = Pick<Repos, 'links' | 'jobs'>

/**
 * Child-job links. Every save is checked against the whole graph first (no self link, no missing
 * job, no cycle — the error carries the cycle's path); nothing is written when a check fails.
 */
export class LinkService {
  constructor(
    private readonly store: RepoAccess<'links' | 'jobs'>,
    private readonly nowMs: () => number,
  ) {}

  list(): Promise<JobLink[]> {
    return this.store.links.all()
  }

  save(link: JobLink): Promise<JobLink> {
    return this.store.transaction((tx) => this.saveIn(tx, link))
  }

  async saveIn(tx: LinkRepos, link: JobLink): Promise<JobLink> {
    const existing = new Set<number>()
    for (const id of [link.parentJobId, link.childJobId]) {
      if (typeof id === 'number' && (await tx.jobs.get(id)) !== undefined) existing.add(id)
    }
    checkLink(await tx.links.all(), link, (id) => existing.has(id))
    await tx.links.set(link, this.nowMs())
    return link
  }

  async delete(parentJobId: number, childJobId: number): Promise<void> {
    await this.store.transaction((tx) => tx.links.delete(parentJobId, childJobId))
  }

  /**
   * Sets a job's SUCCESS children from XXL-JOB's comma list (the OpenAPI's `childJobId`): links
   * not in the list are removed, new ones checked and added; FAILURE/ALWAYS links are kept.
   */
  async replaceSuccessChildrenIn(tx: LinkRepos, parentJobId: number, childJobIdText: string): Promise<void> {
    const wanted = parseChildJobIds(childJobIdText)
    for (const link of await tx.links.all()) {
      if (link.parentJobId === parentJobId && link.condition === 'SUCCESS' && !wanted.includes(link.childJobId)) {
        await tx.links.delete(parentJobId, link.childJobId)
      }
    }
    for (const childJobId of wanted) await this.saveIn(tx, { parentJobId, childJobId, condition: 'SUCCESS' })
  }
}
