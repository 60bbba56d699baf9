import { isMap, isSeq, type Node } from 'yaml'

/** `holidays[2].date` → `['holidays', '2', 'date']`: a field path as parse-input.ts writes it, in steps. */
export function pathSegments(path: string): string[] {
  return path.split(/\.|\[(\d+)\]/).filter((segment) => segment !== undefined && segment !== '')
}

/**
 * Where in its text the value at `segments` under a parsed YAML node is: a mapping entry's key, a
 * list's item. When the path goes further than the document (a field that is missing), the nearest
 * part of it that exists: a problem is still shown at a line the operator can open.
 */
export function yamlOffsetOf(node: unknown, segments: readonly string[]): number {
  let at = (node as Node | null)?.range?.[0] ?? 0
  let current = node
  for (const segment of segments) {
    if (isMap(current)) {
      const pair = current.items.find((p) => (p.key as { value?: unknown } | null)?.value === segment)
      if (!pair) break
      at = (pair.key as Node).range?.[0] ?? at
      current = pair.value
    } else if (isSeq(current)) {
      const item = current.items[Number(segment)] as Node | undefined
      if (!item) break
      at = item.range?.[0] ?? at
      current = item
    } else break
  }
  return at
}
