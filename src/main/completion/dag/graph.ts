import type { JobLink } from '../../../shared/model'
import { childrenByParent } from '../../../shared/link-path'

/**
 * A cycle in a whole link graph (an import, data edited by hand), or null for a DAG. The cycle is
 * returned as job ids in link order with the first id repeated at the end, rotated to start at its
 * lowest id: `[1, 2, 3, 1]`; a self link is `[5, 5]`. Depth-first without recursion, so a chain of
 * many thousand jobs cannot overflow the stack.
 */
export function findCycle(links: readonly Pick<JobLink, 'parentJobId' | 'childJobId'>[]): number[] | null {
  const children = childrenByParent(links)
  const roots = [...children.keys()].sort((a, b) => a - b)
  // Absent: not visited; 'open': on the current walk; 'done': fully explored, no cycle through it.
  const state = new Map<number, 'open' | 'done'>()
  for (const root of roots) {
    if (state.has(root)) continue
    const stack: { node: number; next: number }[] = [{ node: root, next: 0 }]
    state.set(root, 'open')
    while (stack.length > 0) {
      const top = stack[stack.length - 1]
      const list = children.get(top.node) ?? []
      if (top.next === list.length) {
        state.set(top.node, 'done')
        stack.pop()
        continue
      }
      const child = list[top.next++]
      const seen = state.get(child)
      if (seen === 'open') {
        const start = stack.findIndex((frame) => frame.node === child)
        return rotateToLowest(stack.slice(start).map((frame) => frame.node))
      }
      if (seen === undefined) {
        state.set(child, 'open')
        stack.push({ node: child, next: 0 })
      }
    }
  }
  return null
}

/** `[3, 1, 2]` (meaning 3 → 1 → 2 → 3) → `[1, 2, 3, 1]`. */
function rotateToLowest(loop: number[]): number[] {
  const lowest = loop.indexOf(loop.reduce((a, b) => Math.min(a, b)))
  const rotated = [...loop.slice(lowest), ...loop.slice(0, lowest)]
  return [...rotated, rotated[0]]
}
