import type { Connection } from './sql/connection'

/** What caches of definitions hold (calendars and windows too), each with a version every write to it raises. */
export type VersionedData = 'jobs' | 'links' | 'settings' | 'calendars' | 'windows'

/**
 * `job_version`: a counter per kind of definition (jobs, links, settings), raised in the same transaction as
 * every write to it — by this process or any other node on the database — so a cache rereads only
 * when something it holds changed.
 */
export class VersionRepo {
  constructor(private readonly db: Connection) {}

  async current(): Promise<Record<VersionedData, number>> {
    const rows = await this.db.all<{ name: string; version: number }>('SELECT name, version FROM job_version')
    const versions = { jobs: 0, links: 0, settings: 0, calendars: 0, windows: 0 }
    // The table also holds the nodes' epoch counter (node-repo.ts), which no cache follows.
    for (const row of rows) if (row.name in versions) versions[row.name as VersionedData] = Number(row.version)
    return versions
  }
}

/** Raises `data`'s version; call within the transaction of the write. */
export async function bumpVersion(db: Connection, data: VersionedData): Promise<void> {
  await db.run('UPDATE job_version SET version = version + 1 WHERE name = ?', [data])
}
