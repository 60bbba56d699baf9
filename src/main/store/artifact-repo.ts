import type { ArtifactView } from '../../shared/artifacts-api'
import type { Connection } from './sql/connection'

/** One kept file of a run, as the index holds it (`job_artifact`). */
export interface ArtifactRow extends ArtifactView {
  runId: number
}

interface Row {
  run_id: number | string
  name: string
  size: number | string
  content_type: string
  sha256: string
  stored_at: number | string
}

const COLUMNS = ['run_id', 'name', 'size', 'content_type', 'sha256', 'stored_at']

/**
 * `job_artifact`: the index of the files runs left behind. The files themselves live under
 * `<data-dir>/artifacts/<run id>/` (artifacts/artifact-files.ts); a row is written after its file
 * is in place and deleted before it (retention), so a row always names a file that is there.
 */
export class ArtifactRepo {
  constructor(private readonly db: Connection) {}

  /** Records a kept file; a second file of the same name in the same run replaces the first's row. */
  async put(row: ArtifactRow): Promise<void> {
    const sql = this.db.dialect.upsert('job_artifact', COLUMNS, ['run_id', 'name'], ['size', 'content_type', 'sha256', 'stored_at'])
    await this.db.run(sql, [row.runId, row.name, row.size, row.contentType, row.sha256, row.storedAtMs])
  }

  async listForRun(runId: number): Promise<ArtifactRow[]> {
    const rows = await this.db.all<Row>(`SELECT ${COLUMNS.join(', ')} FROM job_artifact WHERE run_id = ? ORDER BY name`, [runId])
    return rows.map(toArtifact)
  }

  async get(runId: number, name: string): Promise<ArtifactRow | undefined> {
    const row = await this.db.get<Row>(`SELECT ${COLUMNS.join(', ')} FROM job_artifact WHERE run_id = ? AND name = ?`, [runId, name])
    return row && toArtifact(row)
  }

  /** Bytes a run keeps now (its per-run limit). */
  async runBytes(runId: number): Promise<number> {
    const row = await this.db.get<{ total: number | string | null }>('SELECT SUM(size) AS total FROM job_artifact WHERE run_id = ?', [runId])
    return Number(row?.total ?? 0)
  }

  /** Bytes every run keeps now (the server's limit). */
  async totalBytes(): Promise<number> {
    const row = await this.db.get<{ total: number | string | null }>('SELECT SUM(size) AS total FROM job_artifact')
    return Number(row?.total ?? 0)
  }

  /**
   * Uses a one-time link (`job_artifact_fetch`): true for the first of any number of racing claims
   * of `tokenId`, on any node of the database; expired links go first.
   */
  async claimFetch(tokenId: string, expiresAtMs: number, nowMs: number): Promise<boolean> {
    await this.db.run('DELETE FROM job_artifact_fetch WHERE expires_at <= ?', [nowMs])
    const sql = this.db.dialect.insertIgnore('job_artifact_fetch', ['token_id', 'expires_at'])
    return (await this.db.run(sql, [tokenId, expiresAtMs])) === 1
  }

  /** The runs that have rows among `runIds` (the start-up sweep's check for orphan folders). */
  async runsWithArtifacts(runIds: readonly number[]): Promise<number[]> {
    if (runIds.length === 0) return []
    const marks = runIds.map(() => '?').join(',')
    const rows = await this.db.all<{ run_id: number | string }>(`SELECT DISTINCT run_id FROM job_artifact WHERE run_id IN (${marks})`, runIds)
    return rows.map((row) => Number(row.run_id))
  }
}

function toArtifact(row: Row): ArtifactRow {
  return {
    runId: Number(row.run_id),
    name: row.name,
    size: Number(row.size),
    contentType: row.content_type,
    sha256: row.sha256,
    storedAtMs: Number(row.stored_at),
  }
}
