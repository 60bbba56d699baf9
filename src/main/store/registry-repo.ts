import type { Db } from './open-database'

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

export class RegistryRepo {
  private readonly insertStmt
  private readonly touchStmt
  private readonly removeStmt
  private readonly allStmt
  private readonly aliveStmt
  private readonly deleteDeadStmt
  private readonly deadStmt
  private readonly hasAddressStmt

  constructor(db: Db) {
    this.insertStmt = db.prepare<[string, string, string, number, string | null]>(
      'INSERT OR IGNORE INTO job_registry (registry_group, registry_key, registry_value, update_time, executor_info) VALUES (?, ?, ?, ?, ?)',
    )
    this.touchStmt = db.prepare<[number, string | null, string, string, string]>(
      'UPDATE job_registry SET update_time = ?, executor_info = ? WHERE registry_group = ? AND registry_key = ? AND registry_value = ?',
    )
    this.removeStmt = db.prepare<[string, string, string]>(
      'DELETE FROM job_registry WHERE registry_group = ? AND registry_key = ? AND registry_value = ?',
    )
    this.allStmt = db.prepare<[], RegistryRow>(
      `SELECT registry_group AS registryGroup, registry_key AS registryKey, registry_value AS registryValue,
              update_time AS updateTimeMs, executor_info AS executorInfo
         FROM job_registry ORDER BY registry_key, registry_value`,
    )
    this.aliveStmt = db.prepare<[string, number], { registryValue: string }>(
      `SELECT registry_value AS registryValue FROM job_registry
        WHERE registry_group = 'EXECUTOR' AND registry_key = ? AND update_time > ?
        ORDER BY registry_value`,
    )
    this.deleteDeadStmt = db.prepare<[number]>('DELETE FROM job_registry WHERE update_time < ?')
    this.deadStmt = db.prepare<[number], RegistryRow>(
      `SELECT registry_group AS registryGroup, registry_key AS registryKey, registry_value AS registryValue,
              update_time AS updateTimeMs, executor_info AS executorInfo
         FROM job_registry WHERE update_time < ?`,
    )
    this.hasAddressStmt = db.prepare<[string], { n: number }>(
      'SELECT COUNT(*) AS n FROM job_registry WHERE registry_value = ?',
    )
  }

  /** Records a beat; true when the address was not registered before (a first registration). */
  upsert(group: string, key: string, value: string, nowMs: number, executorInfo: string | null = null): boolean {
    if (this.insertStmt.run(group, key, value, nowMs, executorInfo).changes === 1) return true
    this.touchStmt.run(nowMs, executorInfo, group, key, value)
    return false
  }

  remove(group: string, key: string, value: string): boolean {
    return this.removeStmt.run(group, key, value).changes > 0
  }

  all(): RegistryRow[] {
    return this.allStmt.all()
  }

  /** Addresses of an app that beat after `sinceMs`, sorted ascending as strings (XXL-JOB's order). */
  aliveAddresses(appName: string, sinceMs: number): string[] {
    return this.aliveStmt.all(appName, sinceMs).map((r) => r.registryValue)
  }

  /** Removes rows whose last beat is older than `beforeMs`; returns them. */
  deleteDead(beforeMs: number): RegistryRow[] {
    const dead = this.deadStmt.all(beforeMs)
    if (dead.length > 0) this.deleteDeadStmt.run(beforeMs)
    return dead
  }

  isRegistered(address: string): boolean {
    return this.hasAddressStmt.get(address)!.n > 0
  }
}
