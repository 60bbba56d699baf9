import type { JobLink, LinkCondition } from '../../../shared/model'
import { findCycle } from '../../completion/dag'
import type { JobPlan, JobTarget } from './import-jobs'
import type { ImportProblems } from './import-problems'
import { collectProblems, importedLinkSchema } from './import-schemas'

/** A job in a planned link: an existing job by id, or one this import creates by its document key. */
export type JobRef = { jobId: number } | { key: string }

/** A link to insert, or whose condition to set if the (parent, child) pair exists. */
export interface PlannedLink {
  parent: JobRef
  child: JobRef
  condition: LinkCondition
  parentKey: string
  childKey: string
}

export interface SkippedLink {
  parentKey: string
  childKey: string
  condition: LinkCondition
  reason: string
  /** The skipped job whose link this is. */
  parentJobId: number
}

export interface LinkPlan {
  linksToSet: PlannedLink[]
  linksSkipped: SkippedLink[]
}

/**
 * Resolves the document's links to jobs after the import: each end is a job the import creates or
 * the existing job its document job matched (by group and name, import-jobs.ts), updated or skipped
 * alike. Links are only added or re-conditioned, never removed: a selection export leaves out links
 * to jobs outside it, and importing it must not cut them. A skipped parent keeps the links it has
 * as they are (a different condition in the document is reported skipped), but gains the ones it
 * lacks: after "export, delete the child, import with skip" the parent still exists and the link to
 * the re-created child must come back. The saved links plus the planned ones must stay free of cycles.
 */
export function planLinks(raw: readonly unknown[], jobs: JobPlan, currentLinks: readonly JobLink[], problems: ImportProblems): LinkPlan {
  const plan: LinkPlan = { linksToSet: [], linksSkipped: [] }
  const saved = new Map(currentLinks.map((l) => [pairKey(l.parentJobId, l.childJobId), l.condition]))
  const pairAt = new Map<string, number>()
  raw.forEach((item, index) => {
    const path = `links[${index}]`
    const link = readLink(item, path, jobs, problems)
    if (!link) return
    const pair = JSON.stringify([link.parentKey, link.childKey])
    const first = pairAt.get(pair)
    if (first !== undefined) {
      problems.add(path, 'import.linkTwice', { first, parentKey: link.parentKey, childKey: link.childKey })
      return
    }
    pairAt.set(pair, index)
    const parent = jobs.targets.get(link.parentKey)
    const child = jobs.targets.get(link.childKey)
    // An invalid job is reported already; its links cannot be resolved.
    if (!parent || !child) return
    if (parent.kind === 'skip' && child.kind !== 'create') {
      const condition = saved.get(pairKey(parent.id, child.id))
      if (condition === link.condition) return
      if (condition !== undefined) {
        plan.linksSkipped.push({ ...link, reason: `parent job ${parent.id} is skipped, and a job's links are part of its definition`, parentJobId: parent.id })
        return
      }
    }
    plan.linksToSet.push({ parent: refOf(parent), child: refOf(child), ...link })
  })
  if (plan.linksToSet.length > 0) checkCycles(plan.linksToSet, jobs, currentLinks, problems)
  return plan
}

function readLink(item: unknown, path: string, jobs: JobPlan, problems: ImportProblems): Omit<SkippedLink, 'reason' | 'parentJobId'> | null {
  const link = collectProblems(importedLinkSchema, item, path, problems)
  if (!link) return null
  const missing = [link.parentKey, link.childKey].filter((key) => !jobs.declaredKeys.has(key))
  for (const key of new Set(missing)) problems.add(path, 'import.keyMissing', { key: key.slice(0, 120) })
  if (missing.length > 0) return null
  if (link.parentKey === link.childKey) {
    problems.add(path, 'import.selfLink', { key: link.parentKey.slice(0, 120) })
    return null
  }
  return link
}

const pairKey = (parentJobId: number, childJobId: number) => `${parentJobId}>${childJobId}`

function refOf(target: JobTarget): JobRef {
  return target.kind === 'create' ? { key: target.key } : { jobId: target.id }
}

/**
 * Jobs the import creates have no id yet: they take stand-in ids above every saved id, in document
 * order, so a reported cycle starts at a saved job or the earliest new one. The cycle is reported
 * with document keys where it has them.
 */
function checkCycles(planned: PlannedLink[], jobs: JobPlan, currentLinks: readonly JobLink[], problems: ImportProblems): void {
  const saved = findCycle(currentLinks)
  if (saved) {
    problems.add('links', 'import.savedCycle', { path: saved.map((id) => `#${id}`) })
    return
  }
  let nextNode = 1
  for (const link of currentLinks) nextNode = Math.max(nextNode, link.parentJobId + 1, link.childJobId + 1)
  for (const target of jobs.targets.values()) if (target.kind !== 'create') nextNode = Math.max(nextNode, target.id + 1)
  const nodeOfKey = new Map<string, number>()
  const labelOfNode = new Map<number, string>()
  for (const job of jobs.jobsToCreate) {
    nodeOfKey.set(job.key, nextNode)
    labelOfNode.set(nextNode++, `'${job.key}'`)
  }
  for (const target of jobs.targets.values()) {
    if (target.kind !== 'create') labelOfNode.set(target.id, `'${target.key}' (#${target.id})`)
  }
  const node = (ref: JobRef) => ('jobId' in ref ? ref.jobId : nodeOfKey.get(ref.key)!)
  const combined = [...currentLinks, ...planned.map((link) => ({ parentJobId: node(link.parent), childJobId: node(link.child) }))]
  const cycle = findCycle(combined)
  if (!cycle) return
  problems.add('links', 'import.cycle', { path: cycle.map((id) => labelOfNode.get(id) ?? `#${id}`) })
}
