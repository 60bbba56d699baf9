import type { DefinitionKind, DefinitionOrigin } from '../../shared/definition-origin'
import type { Connection } from './sql/connection'

interface OriginRow {
  kind: string
  object_key: string
  file: string
  applied_time: number | string
}

/** `definition_origin`: the groups, jobs and flows `jobdesk apply` wrote from definition files, and from which. */
export class DefinitionOriginRepo {
  constructor(private readonly db: Connection) {}

  /**
   * Every origin by kind, then key. Sorted here, not by the engine: PostgreSQL's collation would
   * order keys unlike SQLite's and MySQL's binary one (as FlowRepo.all does for flow names).
   */
  async all(): Promise<DefinitionOrigin[]> {
    const rows = await this.db.all<OriginRow>('SELECT kind, object_key, file, applied_time FROM definition_origin')
    return rows.map(originOf).sort((a, b) => compare(a.kind, b.kind) || compare(a.key, b.key))
  }

  /** Every origin but those of `kind`, and of that kind only those of `keys`, sorted as {@link all}. */
  async allBut(kind: DefinitionKind, keys: readonly string[]): Promise<DefinitionOrigin[]> {
    const these = keys.length === 0 ? '' : ` OR object_key IN (${keys.map(() => '?').join(', ')})`
    const rows = await this.db.all<OriginRow>(`SELECT kind, object_key, file, applied_time FROM definition_origin WHERE kind <> ?${these}`, [kind, ...keys])
    // The IN list matches keys of other kinds too; those are in the answer anyway.
    return rows.map(originOf).sort((a, b) => compare(a.kind, b.kind) || compare(a.key, b.key))
  }

  /** Records where an object came from; an object applied again takes the new file and time. */
  async set(origin: DefinitionOrigin): Promise<void> {
    await this.db.run(
      this.db.dialect.upsert('definition_origin', ['kind', 'object_key', 'file', 'applied_time'], ['kind', 'object_key'], ['file', 'applied_time']),
      [origin.kind, origin.key, origin.file, origin.appliedAtMs],
    )
  }

  async delete(kind: DefinitionKind, key: string): Promise<boolean> {
    return (await this.db.run('DELETE FROM definition_origin WHERE kind = ? AND object_key = ?', [kind, key])) > 0
  }

  /** Moves an origin to an object's new key (a rename); fails when `toKey` has an origin already. */
  async rename(kind: DefinitionKind, fromKey: string, toKey: string): Promise<void> {
    await this.db.run('UPDATE definition_origin SET object_key = ? WHERE kind = ? AND object_key = ?', [toKey, kind, fromKey])
  }
}

const compare = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0)

function originOf(row: OriginRow): DefinitionOrigin {
  return { kind: row.kind as DefinitionKind, key: row.object_key, file: row.file, appliedAtMs: Number(row.applied_time) }
}
