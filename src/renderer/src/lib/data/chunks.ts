/** `items` in runs of at most `size` (requests that take a bounded list of ids). */
export function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = []
  for (let from = 0; from < items.length; from += size) out.push(items.slice(from, from + size))
  return out
}
