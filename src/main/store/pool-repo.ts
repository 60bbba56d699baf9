import type { PoolUsage, ResourcePool } from '../../shared/capacity'
import type { Connection } from './sql/connection'

interface Row {
  name: string
  slots: number
  description: string
  update_time: number | string
  updated_by: string
}

/** `job_pool`: the resource pools admins manage (docs/capacity.md). */
export class PoolRepo {
  constructor(private readonly db: Connection) {}

  /** Every pool, by name (sorted here: the engines' collations differ). */
  async all(): Promise<ResourcePool[]> {
    const rows = await this.db.all<Row>('SELECT * FROM job_pool')
    return rows.map(poolOf).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
  }

  async get(name: string): Promise<ResourcePool | undefined> {
    const row = await this.db.get<Row>('SELECT * FROM job_pool WHERE name = ?', [name])
    return row && poolOf(row)
  }

  /** The sizes of these pools (a name without a pool is absent). */
  async sizes(names: readonly string[]): Promise<Map<string, number>> {
    const sizes = new Map<string, number>()
    if (names.length === 0) return sizes
    const rows = await this.db.all<{ name: string; slots: number }>(
      `SELECT name, slots FROM job_pool WHERE name IN (${names.map(() => '?').join(', ')})`,
      names,
    )
    for (const row of rows) sizes.set(row.name, Number(row.slots))
    return sizes
  }

  /** Adds the pool; resolves false when one of that name exists (nothing written then). */
  async insert(pool: ResourcePool): Promise<boolean> {
    const inserted = await this.db.run(this.db.dialect.insertIgnore('job_pool', ['name', 'slots', 'description', 'update_time', 'updated_by']), [
      pool.name,
      pool.slots,
      pool.description,
      pool.updatedAtMs,
      pool.updatedBy,
    ])
    return inserted > 0
  }

  /** Changes the pool's slots and description; resolves false when there is none of that name. */
  async update(pool: ResourcePool): Promise<boolean> {
    return (
      (await this.db.run('UPDATE job_pool SET slots = ?, description = ?, update_time = ?, updated_by = ? WHERE name = ?', [
        pool.slots,
        pool.description,
        pool.updatedAtMs,
        pool.updatedBy,
        pool.name,
      ])) > 0
    )
  }

  async delete(name: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM job_pool WHERE name = ?', [name])) > 0
  }

  /**
   * The jobs and flows that name the pool. Jobs keep their pools as JSON written by JSON.stringify,
   * so `"name":"<pool>"` is how the name appears; the match is confirmed on the parsed list.
   */
  async usersOf(name: string): Promise<{ jobIds: number[]; flowIds: number[] }> {
    const pattern = `%${likeEscaped(`"name":${JSON.stringify(name)}`)}%`
    const jobs = await this.db.all<{ id: number; pools: string }>(`SELECT id, pools FROM job_info WHERE pools LIKE ? ESCAPE '!' ORDER BY id`, [pattern])
    const flows = await this.db.all<{ id: number }>(`SELECT id FROM job_flow WHERE definition LIKE ? ESCAPE '!' ORDER BY id`, [pattern])
    return {
      jobIds: jobs.filter((r) => (JSON.parse(r.pools) as { name: string }[]).some((p) => p.name === name)).map((r) => Number(r.id)),
      flowIds: flows.map((r) => Number(r.id)),
    }
  }

  /** Every pool with the slots its runs hold and how many runs wait for it. */
  async usage(): Promise<PoolUsage[]> {
    const counts = await this.db.all<{ pool: string; state: string; slots: number | string; runs: number | string }>(
      'SELECT pool, state, SUM(slots) AS slots, COUNT(*) AS runs FROM job_pool_slot GROUP BY pool, state',
    )
    return (await this.all()).map((pool) => ({
      ...pool,
      held: Number(counts.find((c) => c.pool === pool.name && c.state === 'held')?.slots ?? 0),
      waiting: Number(counts.find((c) => c.pool === pool.name && c.state === 'waiting')?.runs ?? 0),
    }))
  }
}

/** A LIKE pattern's text with its wildcards and the escape itself escaped by `!`. */
function likeEscaped(text: string): string {
  return text.replace(/[!%_]/g, (c) => `!${c}`)
}

function poolOf(row: Row): ResourcePool {
  return { name: row.name, slots: Number(row.slots), description: row.description, updatedAtMs: Number(row.update_time), updatedBy: row.updated_by }
}
