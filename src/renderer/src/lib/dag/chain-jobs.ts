import type { JobLink } from '../../../../shared/model'

/**
 * The jobs a chain from `rootJobId` holds: the root and every job its child links reach (what
 * chainToFlow makes nodes of), in the order they are reached. Cycles cannot exist (the core
 * refuses them) but would not loop here.
 */
export function chainJobIds(rootJobId: number, links: readonly JobLink[]): number[] {
  const children = new Map<number, number[]>()
  for (const link of links) children.set(link.parentJobId, [...(children.get(link.parentJobId) ?? []), link.childJobId])
  const seen = new Set([rootJobId])
  const order = [rootJobId]
  for (let i = 0; i < order.length; i++) {
    for (const child of children.get(order[i]) ?? []) {
      if (seen.has(child)) continue
      seen.add(child)
      order.push(child)
    }
  }
  return order
}

/** The jobs that can start a chain: those with at least one child link. */
export function chainRootIds(links: readonly JobLink[]): Set<number> {
  return new Set(links.map((link) => link.parentJobId))
}
