/** The last chunk of a second's fires is meant to be written at least this long before the second. */
export const SPACING_MARGIN_MS = 20

/**
 * How long to leave the database alone before writing the next chunk of fires written ahead of their
 * second: the chunks left are spread over the time left before it (less SPACING_MARGIN_MS), for at
 * most as long as the last chunk took. Written back to back, 10k fires held SQLite's write lock
 * 70–85 % of a 100 ms stretch each second, and another process on the same file — whose busy handler
 * polls — waited up to a quarter of a second for it (B3b). Spaced, the lock is free at least half
 * of that time, and the last chunk still lands before its second. 0 when there is nothing to spare.
 */
export function gapBeforeChunk(nowMs: number, dueAtMs: number, chunksLeft: number, lastChunkMs: number): number {
  if (chunksLeft <= 0) return 0
  const spareMs = dueAtMs - SPACING_MARGIN_MS - nowMs - chunksLeft * lastChunkMs
  if (spareMs <= 0) return 0
  return Math.min(lastChunkMs, Math.floor(spareMs / chunksLeft))
}
