import type { JobLink } from './model'

// Paths through the child-job links, for the core (which refuses a link that closes a cycle) and the
// console (which says so before asking for the link's condition): one rule, so both agree.

/** Child ids per parent, each list ascending, so every walk below is deterministic. */
export function childrenByParent(links: readonly Pick<JobLink, 'parentJobId' | 'childJobId'>[]): Map<number, number[]> {
  const children = new Map<number, number[]>()
  for (const link of links) {
    const list = children.get(link.parentJobId)
    if (list) {
      if (!list.includes(link.childJobId)) list.push(link.childJobId)
    } else children.set(link.parentJobId, [link.childJobId])
  }
  for (const list of children.values()) list.sort((a, b) => a - b)
  return children
}

/**
 * The shortest chain of links from `fromJobId` to `toJobId` as job ids, both ends included
 * (`[from, …, to]`), or null when `toJobId` cannot be reached. Breadth-first, children ascending,
 * so among equally short paths the one through the lowest ids wins.
 */
export function findPath(links: readonly Pick<JobLink, 'parentJobId' | 'childJobId'>[], fromJobId: number, toJobId: number): number[] | null {
  if (fromJobId === toJobId) return [fromJobId]
  const children = childrenByParent(links)
  const cameFrom = new Map<number, number>([[fromJobId, fromJobId]])
  let frontier = [fromJobId]
  while (frontier.length > 0) {
    const next: number[] = []
    for (const node of frontier) {
      for (const child of children.get(node) ?? []) {
        if (cameFrom.has(child)) continue
        cameFrom.set(child, node)
        if (child === toJobId) return walkBack(cameFrom, fromJobId, toJobId)
        next.push(child)
      }
    }
    frontier = next
  }
  return null
}

function walkBack(cameFrom: Map<number, number>, fromJobId: number, toJobId: number): number[] {
  const path = [toJobId]
  let node = toJobId
  while (node !== fromJobId) {
    node = cameFrom.get(node)!
    path.push(node)
  }
  return path.reverse()
}

/**
 * The cycle a new link parent → child would close, as job ids in link order with the first id
 * repeated (`[1, 2, 3, 1]` for linking 3 → 1 over 1 → 2 → 3), or null when it closes none. A pair
 * already linked only changes its condition and closes nothing.
 */
export function cycleClosedBy(links: readonly Pick<JobLink, 'parentJobId' | 'childJobId'>[], parentJobId: number, childJobId: number): number[] | null {
  if (links.some((link) => link.parentJobId === parentJobId && link.childJobId === childJobId)) return null
  const back = findPath(links, childJobId, parentJobId)
  return back === null ? null : [...back, childJobId]
}
