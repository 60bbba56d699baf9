/**
 * A short list (a job's latest runs) that holds still under the cursor: while held, it shows the
 * rows it had when the hold began — each in its newest version, so a status still changes in place
 * — and counts the newer rows that arrived instead of inserting them above. Rows that fell off
 * the end of `latest` meanwhile stay too: nothing under the cursor moves or goes.
 * `latest` is newest first; `snapshot` null shows it as it is.
 */
export function heldSnapshot<T extends { id: number }>(latest: readonly T[], snapshot: readonly T[] | null): { shown: readonly T[]; newer: number } {
  if (snapshot === null) return { shown: latest, newer: 0 }
  const byId = new Map(latest.map((row) => [row.id, row]))
  const newestHeld = snapshot.reduce((max, row) => Math.max(max, row.id), -Infinity)
  return {
    shown: snapshot.map((row) => byId.get(row.id) ?? row),
    newer: latest.filter((row) => row.id > newestHeld).length,
  }
}
