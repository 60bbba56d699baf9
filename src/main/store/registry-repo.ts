import type { Connection } from './sql/connection'

/** XXL-JOB's only registry group on the wire. */
export const REGISTRY_GROUP_EXECUTOR = 'EXECUTOR'

export interface RegistryRow {
  registryGroup: string
  registryKey: string
  registryValue: string
  updateTimeMs: number
  /** JSON of what a JobDesk agent reports of itself (ExecutorInfo); null for other executors. */
  executorInfo: string | null
}

interface RegistryDbRow {
  registry_group: string
  registry_key: string
  registry_value: string
  update_time: number
  executor_info: string | null
}

const rowOf = (r: RegistryDbRow): RegistryRow => ({
  registryGroup: r.registry_group,
  registryKey: r.registry_key,
  registryValue: r.registry_value,
  updateTimeMs: Number(r.update_time),
  executorInfo: r.executor_info,
})

/** `job_registry`: executor addresses by app name, with their last beat. */
export class RegistryRepo {
  constructor(private readonly db: Connection) {}

  /** Records a beat; true when the address was not registered before (a first registration). */
  async upsert(group: string, key: string, value: string, nowMs: number, executorInfo: string | null = null): Promise<boolean> {
    const inserted = await this.db.run(
      this.db.dialect.insertIgnore('job_registry', ['registry_group', 'registry_key', 'registry_value', 'update_time', 'executor_info']),
      [group, key, value, nowMs, executorInfo],
    )
    if (inserted === 1) return true
    await this.db.run('UPDATE job_registry SET update_time = ?, executor_info = ? WHERE registry_group = ? AND registry_key = ? AND registry_value = ?', [
      nowMs,
      executorInfo,
      group,
      key,
      value,
    ])
    return false
  }

  async remove(group: string, key: string, value: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM job_registry WHERE registry_group = ? AND registry_key = ? AND registry_value = ?', [group, key, value])) > 0
  }

  async all(): Promise<RegistryRow[]> {
    return (await this.db.all<RegistryDbRow>('SELECT * FROM job_registry ORDER BY registry_key, registry_value')).map(rowOf)
  }

  /** Addresses of an app that beat after `sinceMs`, sorted ascending as strings (XXL-JOB's order). */
  async aliveAddresses(appName: string, sinceMs: number): Promise<string[]> {
    const rows = await this.db.all<{ registry_value: string }>(
      "SELECT registry_value FROM job_registry WHERE registry_group = 'EXECUTOR' AND registry_key = ? AND update_time > ?",
      [appName, sinceMs],
    )
    // Sorted here, not by the engine: collations differ between engines, XXL-JOB compares strings.
    return rows.map((r) => r.registry_value).sort()
  }

  /** Every address registered under an app name, whatever its health (until the dead sweep removes it). */
  async addressesOf(appName: string): Promise<string[]> {
    const rows = await this.db.all<{ registry_value: string }>(
      "SELECT registry_value FROM job_registry WHERE registry_group = 'EXECUTOR' AND registry_key = ?",
      [appName],
    )
    return rows.map((r) => r.registry_value).sort()
  }

  /** Removes rows whose last beat is older than `beforeMs`; returns them. */
  async deleteDead(beforeMs: number): Promise<RegistryRow[]> {
    const dead = (await this.db.all<RegistryDbRow>('SELECT * FROM job_registry WHERE update_time < ?', [beforeMs])).map(rowOf)
    if (dead.length > 0) await this.db.run('DELETE FROM job_registry WHERE update_time < ?', [beforeMs])
    return dead
  }

  async isRegistered(address: string): Promise<boolean> {
    return (await this.db.get('SELECT 1 AS one FROM job_registry WHERE registry_value = ? LIMIT 1', [address])) !== undefined
  }
}
