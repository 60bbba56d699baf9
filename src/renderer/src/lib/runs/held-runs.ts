/**
 * The Runs list holds still while the operator works in it (a run selected, or scrolled down):
 * runs that arrive meanwhile are counted, not inserted above, so nothing drifts; "N newer runs"
 * shows them. `holdAtId` is the newest run shown when the hold began; null shows every run.
 * `runs` are newest first, as the list keeps them.
 */
export function heldRuns<T extends { id: number }>(runs: readonly T[], holdAtId: number | null): { shown: readonly T[]; newer: number } {
  if (holdAtId === null) return { shown: runs, newer: 0 }
  let newer = 0
  while (newer < runs.length && runs[newer].id > holdAtId) newer++
  return { shown: newer === 0 ? runs : runs.slice(newer), newer }
}
