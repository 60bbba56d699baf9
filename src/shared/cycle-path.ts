/**
 * The text form of a cycle path inside error messages. The UI receives errors as `{name, message}`
 * only, so the path must survive in the message itself.
 *
 * Format: the word `cycle`, one space, then the job ids of the cycle in order, joined by ` → `
 * (space, U+2192, space), the first id repeated at the end: `cycle 1 → 2 → 3 → 1`. Nothing else
 * in a cycle message follows the word `cycle` with a digit. Shared so the renderer can highlight
 * the path of a refused link.
 */

const CYCLE_PATH = /\bcycle (\d+(?: → \d+)+)/

/** `[1, 2, 3, 1]` → `'1 → 2 → 3 → 1'`. */
export function formatCyclePath(path: readonly number[]): string {
  return path.join(' → ')
}

/**
 * Reads the cycle path back out of a message written with {@link formatCyclePath} after the word
 * `cycle`, e.g. from a ConflictError that crossed the bridge. Returns null when there is none.
 */
export function parseCyclePath(message: string): number[] | null {
  const match = CYCLE_PATH.exec(message)
  if (!match) return null
  return match[1].split(' → ').map(Number)
}
