import type { ResourcePool } from '../../../shared/capacity'
import type { DefinitionChange } from '../../../shared/definition-plan'
import { fieldChange } from '../../../shared/definition-values'
import type { PoolDocument } from '../../../shared/schema/definition-files'
import type { Repos } from '../../store/store'

/** What an apply does with the files' `kind: Pool` documents: each pool made or changed, or left as it is. */
export interface PoolPlan {
  writes: { action: 'create' | 'update'; pool: { name: string; slots: number; description: string } }[]
  changes: DefinitionChange[]
  unchanged: number
}

/**
 * The files' pools against the server's, field by field (`slots`, `description`). They are written
 * before the jobs and flows, which may name them. A pool no file names any more stays: removing a
 * pool is an admin's call (removePool), refused while something uses it.
 */
export function planPools(docs: readonly PoolDocument[], stored: readonly ResourcePool[], fileOf: (name: string) => string): PoolPlan {
  const byName = new Map(stored.map((p) => [p.name, p]))
  const plan: PoolPlan = { writes: [], changes: [], unchanged: 0 }
  for (const doc of docs) {
    const pool = { name: doc.name, slots: doc.slots, description: doc.description ?? '' }
    const current = byName.get(doc.name)
    const values = current ? (['slots', 'description'] as const).flatMap((field) => fieldChange(field, current[field], pool[field])) : []
    if (current && values.length === 0) {
      plan.unchanged++
      continue
    }
    const action = current ? 'update' : 'create'
    plan.writes.push({ action, pool })
    const change: DefinitionChange = { action, kind: 'Pool', key: doc.name, file: fileOf(doc.name), fields: values.map((v) => v.field) }
    plan.changes.push(current ? { ...change, values } : change)
  }
  return plan
}

/**
 * Writes the plan's pools in the apply's transaction (the documents passed the schema addPool
 * checks with). A pool grown here starts waiting runs at the queue runner's next pass.
 */
export async function writePools(plan: PoolPlan, tx: Pick<Repos, 'pools'>, nowMs: number, by: string): Promise<void> {
  for (const { action, pool } of plan.writes) {
    const row = { ...pool, updatedAtMs: nowMs, updatedBy: by }
    if (action === 'create') await tx.pools.insert(row)
    else await tx.pools.update(row)
  }
}

/** The server's pools as `kind: Pool` documents (an empty description left out). */
export function poolDocuments(pools: readonly ResourcePool[]): PoolDocument[] {
  return pools.map((p) => ({ kind: 'Pool' as const, name: p.name, slots: p.slots, ...(p.description !== '' ? { description: p.description } : {}) }))
}
