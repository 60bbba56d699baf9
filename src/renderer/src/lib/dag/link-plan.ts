import type { JobLink, LinkCondition } from '../../../../shared/model'

/** A child link as the job editor holds it before saving (the parent is the job being edited). */
export interface ChildDraft {
  childJobId: number
  condition: LinkCondition
}

export interface LinkPlan {
  /** Links to add or whose condition changes. */
  save: JobLink[]
  remove: JobLink[]
}

/**
 * What to send so a job's child links become `wanted`: new or changed links to save, missing ones
 * to delete. Removals come first when applied, so replacing a child never trips a cycle check on a
 * link that is about to go. Duplicate children keep the last row.
 */
export function planChildLinks(parentJobId: number, current: readonly JobLink[], wanted: readonly ChildDraft[]): LinkPlan {
  const want = new Map<number, LinkCondition>()
  for (const row of wanted) if (row.childJobId > 0 && row.childJobId !== parentJobId) want.set(row.childJobId, row.condition)
  const held = new Map(current.filter((link) => link.parentJobId === parentJobId).map((link) => [link.childJobId, link]))
  const save: JobLink[] = []
  const remove: JobLink[] = []
  for (const [childJobId, condition] of want) {
    if (held.get(childJobId)?.condition !== condition) save.push({ parentJobId, childJobId, condition })
  }
  for (const link of held.values()) if (!want.has(link.childJobId)) remove.push(link)
  return { save, remove }
}
