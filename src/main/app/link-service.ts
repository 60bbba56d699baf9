import { LINK_CONDITIONS, type JobLink } from '../../shared/model'
import { checkLink, parseChildJobIds, unknownCondition } from '../completion/dag'
import type { Store } from '../store/store'

/**
 * Child-job links. Every save is checked against the whole graph first (no self link, no missing
 * job, no cycle — the error carries the cycle's path); nothing is written when a check fails.
 */
export class LinkService {
  constructor(private readonly store: Store) {}

  list(): JobLink[] {
    return this.store.links.all()
  }

  save(link: JobLink): JobLink {
    return this.store.transaction(() => {
      checkLink(this.store.links.all(), link, (id) => this.store.jobs.get(id) !== undefined)
      this.store.links.set(link)
      return link
    })
  }

  delete(parentJobId: number, childJobId: number): void {
    this.store.transaction(() => this.store.links.delete(parentJobId, childJobId))
  }

  /**
   * Sets a job's SUCCESS children from XXL-JOB's comma list (the OpenAPI's `childJobId`): links
   * not in the list are removed, new ones checked and added; FAILURE/ALWAYS links are kept.
   */
  replaceSuccessChildren(parentJobId: number, childJobIdText: string): void {
    const wanted = parseChildJobIds(childJobIdText)
    this.store.transaction(() => {
      const current = this.store.links.all()
      for (const link of current) {
        if (link.parentJobId === parentJobId && link.condition === 'SUCCESS' && !wanted.includes(link.childJobId)) {
          this.store.links.delete(parentJobId, link.childJobId)
        }
      }
      for (const childJobId of wanted) this.save({ parentJobId, childJobId, condition: 'SUCCESS' })
    })
  }
}

/** Checks a link arriving from a UI client or the API before the DAG rules see it. */
export function parseLink(raw: unknown): JobLink {
  const body = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>
  const condition = body.condition ?? 'SUCCESS'
  if (typeof condition !== 'string' || !(LINK_CONDITIONS as readonly string[]).includes(condition)) {
    throw unknownCondition(condition)
  }
  return {
    parentJobId: body.parentJobId as number,
    childJobId: body.childJobId as number,
    condition: condition as JobLink['condition'],
  }
}
