import type { Connection } from './sql/connection'
import { idChunks, inList } from './sql/insert-rows'
import { trailParts, type RunRow } from './run-rows'
import { type TriggerOutcome } from '../domain/runs'
import { trailsFromReferences, type KnownTrailShapes, type TrailShapeWrites } from './trail-shapes'

/**
 * The trigger trails of runs. Since migration 17 a run's `job_log.trigger_trail` holds its trail's
 * shape digest and result, written by the outcome's own UPDATE (trail-shapes.ts says why). Runs
 * triggered before that keep their whole trail in `job_log_trail` (migration 9), read from there
 * and deleted with their runs (RunRepo.deleteByIds).
 */

/** `job_log.trigger_trail` for each outcome: null for one without a trail. Writes the shapes not in the table yet. */
export function trailColumns(db: Connection, shapes: TrailShapeWrites, outcomes: readonly TriggerOutcome[]): Promise<(string | null)[]> {
  return shapes.columnValues(db, outcomes.map(trailParts))
}

/** Sets `trigger_trail` of each row that has a trail to the whole trail's JSON; resolves with the same rows. */
export async function attachTrails(db: Connection, known: KnownTrailShapes, rows: RunRow[]): Promise<RunRow[]> {
  if (rows.length === 0) return rows
  const referencing = rows.filter((row) => row.trigger_trail !== null)
  const whole = await trailsFromReferences(
    db,
    known,
    referencing.map((row) => ({ column: row.trigger_trail!, executorAddress: row.executor_address })),
  )
  referencing.forEach((row, i) => (row.trigger_trail = whole[i]))
  await attachOlderTrails(
    db,
    rows.filter((row) => row.trigger_trail === null),
  )
  return rows
}

/** Trails of runs triggered before migration 17, from `job_log_trail`. */
async function attachOlderTrails(db: Connection, rows: RunRow[]): Promise<void> {
  const trails = new Map<number, string>()
  for (const ids of idChunks(rows.map((row) => Number(row.id)))) {
    const found = await db.all<{ log_id: number; trail: string }>(`SELECT log_id, trail FROM job_log_trail WHERE log_id IN (${inList(ids.length)})`, ids)
    for (const t of found) trails.set(Number(t.log_id), t.trail)
  }
  for (const row of rows) {
    const trail = trails.get(Number(row.id))
    if (trail !== undefined) row.trigger_trail = trail
  }
}
