import type { Connection } from './sql/connection'

export interface SessionRow {
  idHash: string
  userId: number
  remoteAddress: string
  createdAtMs: number
  lastSeenAtMs: number
  expiresAtMs: number
}

interface Row {
  id_hash: string
  user_id: number
  remote_address: string
  created_at: number
  last_seen_at: number
  expires_at: number
}

/** `job_session`: signed-in consoles, by the SHA-256 of their cookie. */
export class SessionRepo {
  constructor(private readonly db: Connection) {}

  async insert(session: SessionRow): Promise<void> {
    await this.db.run('INSERT INTO job_session (id_hash, user_id, remote_address, created_at, last_seen_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)', [
      session.idHash,
      session.userId,
      session.remoteAddress,
      session.createdAtMs,
      session.lastSeenAtMs,
      session.expiresAtMs,
    ])
  }

  async get(idHash: string): Promise<SessionRow | undefined> {
    const row = await this.db.get<Row>('SELECT * FROM job_session WHERE id_hash = ?', [idHash])
    return row && fromRow(row)
  }

  async touch(idHash: string, lastSeenAtMs: number, expiresAtMs: number): Promise<void> {
    await this.db.run('UPDATE job_session SET last_seen_at = ?, expires_at = ? WHERE id_hash = ?', [lastSeenAtMs, expiresAtMs, idHash])
  }

  async delete(idHash: string): Promise<void> {
    await this.db.run('DELETE FROM job_session WHERE id_hash = ?', [idHash])
  }

  async deleteForUser(userId: number): Promise<void> {
    await this.db.run('DELETE FROM job_session WHERE user_id = ?', [userId])
  }

  /** Ends every session of the user but the one whose hash is `keepIdHash` (the one making the change). */
  async deleteOthersOfUser(userId: number, keepIdHash: string): Promise<void> {
    await this.db.run('DELETE FROM job_session WHERE user_id = ? AND id_hash <> ?', [userId, keepIdHash])
  }

  /** Removes sessions expired before `nowMs`; resolves with how many. */
  async deleteExpired(nowMs: number): Promise<number> {
    return this.db.run('DELETE FROM job_session WHERE expires_at <= ?', [nowMs])
  }
}

function fromRow(row: Row): SessionRow {
  return {
    idHash: row.id_hash,
    userId: Number(row.user_id),
    remoteAddress: row.remote_address,
    createdAtMs: Number(row.created_at),
    lastSeenAtMs: Number(row.last_seen_at),
    expiresAtMs: Number(row.expires_at),
  }
}
