import type { Connection } from './sql/connection'

/** A value as AES-256-GCM left it: base64 ciphertext, IV and authentication tag (src/main/secrets/secret-cipher.ts). */
export interface SealedValue {
  ciphertext: string
  iv: string
  authTag: string
}

export interface StoredSecret {
  id: number
  name: string
  /** null: global. Stored as 0 (0031-secrets.ts says why). */
  groupId: number | null
  createdBy: string
  createdAtMs: number
}

export interface StoredSecretVersion {
  secretId: number
  version: number
  setBy: string
  setAtMs: number
  /** 0: the current version. */
  retiredAtMs: number
}

/** A version with its sealed value, and the secret it belongs to. */
export interface SealedVersion extends SealedValue {
  secretId: number
  name: string
  groupId: number | null
  version: number
  /** 0: the current version. */
  retiredAtMs: number
}

interface SecretRow {
  id: number
  name: string
  group_id: number
  created_by: string
  create_time: number | string
}

interface VersionRow {
  secret_id: number
  version: number
  set_by: string
  set_time: number | string
  retired_time: number | string
}

interface SealedRow {
  secret_id: number
  name: string
  group_id: number
  version: number
  retired_time: number | string
  ciphertext: string
  iv: string
  auth_tag: string
}

const SEALED_COLUMNS = 's.id AS secret_id, s.name, s.group_id, v.version, v.retired_time, v.ciphertext, v.iv, v.auth_tag'

/**
 * `job_secret` and `job_secret_version`: secrets' names and scopes, and their encrypted values.
 * Every write raises the `secrets` counter of job_version in its transaction, so every node's cache
 * of decrypted values (SecretStore) rereads after a write by any node or by the CLI.
 */
export class SecretRepo {
  constructor(private readonly db: Connection) {}

  /** The `secrets` counter: changes with every write to the secrets. */
  async version(): Promise<number> {
    const row = await this.db.get<{ version: number | string }>("SELECT version FROM job_version WHERE name = 'secrets'")
    return Number(row?.version ?? 0)
  }

  private async bump(): Promise<void> {
    await this.db.run("UPDATE job_version SET version = version + 1 WHERE name = 'secrets'")
  }

  /** Adds the secret; resolves null when the scope already has one of that name. */
  async insert(secret: Omit<StoredSecret, 'id'>): Promise<number | null> {
    return this.db.insert(this.db.dialect.insertIgnore('job_secret', ['name', 'group_id', 'created_by', 'create_time']), [
      secret.name,
      secret.groupId ?? 0,
      secret.createdBy,
      secret.createdAtMs,
    ])
  }

  async find(name: string, groupId: number | null): Promise<StoredSecret | undefined> {
    const row = await this.db.get<SecretRow>('SELECT * FROM job_secret WHERE name = ? AND group_id = ?', [name, groupId ?? 0])
    return row && secretOf(row)
  }

  /** The secrets of these scopes (null in the list: the global ones), by name then scope; every one when `scopes` is absent. */
  async list(scopes?: readonly (number | null)[]): Promise<StoredSecret[]> {
    if (scopes?.length === 0) return []
    const rows = scopes
      ? await this.db.all<SecretRow>(
          `SELECT * FROM job_secret WHERE group_id IN (${scopes.map(() => '?').join(', ')})`,
          scopes.map((s) => s ?? 0),
        )
      : await this.db.all<SecretRow>('SELECT * FROM job_secret')
    // Sorted here: the engines' collations differ.
    return rows.map(secretOf).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : (a.groupId ?? 0) - (b.groupId ?? 0)))
  }

  /** The kept versions of these secrets, newest first per secret. */
  async versions(secretIds: readonly number[]): Promise<StoredSecretVersion[]> {
    if (secretIds.length === 0) return []
    const rows = await this.db.all<VersionRow>(
      `SELECT secret_id, version, set_by, set_time, retired_time FROM job_secret_version WHERE secret_id IN (${secretIds.map(() => '?').join(', ')}) ORDER BY secret_id, version DESC`,
      secretIds,
    )
    return rows.map((r) => ({
      secretId: Number(r.secret_id),
      version: Number(r.version),
      setBy: r.set_by,
      setAtMs: Number(r.set_time),
      retiredAtMs: Number(r.retired_time),
    }))
  }

  /**
   * A new current version: the one before is retired at `nowMs` (its grace period starts). Run it in
   * the transaction that found or made the secret, so two writers do not both take one number.
   */
  async addVersion(secretId: number, sealed: SealedValue, setBy: string, nowMs: number): Promise<number> {
    const top = await this.db.get<{ v: number | string | null }>('SELECT MAX(version) AS v FROM job_secret_version WHERE secret_id = ?', [secretId])
    const version = Number(top?.v ?? 0) + 1
    await this.db.run('UPDATE job_secret_version SET retired_time = ? WHERE secret_id = ? AND retired_time = 0', [nowMs, secretId])
    await this.db.run(
      'INSERT INTO job_secret_version (secret_id, version, ciphertext, iv, auth_tag, set_by, set_time, retired_time) VALUES (?, ?, ?, ?, ?, ?, ?, 0)',
      [secretId, version, sealed.ciphertext, sealed.iv, sealed.authTag, setBy, nowMs],
    )
    await this.bump()
    return version
  }

  /** Removes the secret and every version of it; resolves false when there was none. */
  async delete(secretId: number): Promise<boolean> {
    await this.db.run('DELETE FROM job_secret_version WHERE secret_id = ?', [secretId])
    const deleted = (await this.db.run('DELETE FROM job_secret WHERE id = ?', [secretId])) > 0
    if (deleted) await this.bump()
    return deleted
  }

  /** The current versions of these names in these scopes (null: global). */
  async current(names: readonly string[], scopes: readonly (number | null)[]): Promise<SealedVersion[]> {
    if (names.length === 0 || scopes.length === 0) return []
    const rows = await this.db.all<SealedRow>(
      `SELECT ${SEALED_COLUMNS} FROM job_secret s JOIN job_secret_version v ON v.secret_id = s.id
       WHERE v.retired_time = 0 AND s.name IN (${names.map(() => '?').join(', ')}) AND s.group_id IN (${scopes.map(() => '?').join(', ')})`,
      [...names, ...scopes.map((s) => s ?? 0)],
    )
    return rows.map(sealedOf)
  }

  /** Every current version and every one retired at or after `retiredSinceMs` (still in its grace period). */
  async live(retiredSinceMs: number): Promise<SealedVersion[]> {
    const rows = await this.db.all<SealedRow>(
      `SELECT ${SEALED_COLUMNS} FROM job_secret s JOIN job_secret_version v ON v.secret_id = s.id WHERE v.retired_time = 0 OR v.retired_time >= ?`,
      [retiredSinceMs],
    )
    return rows.map(sealedOf)
  }

  /** Every kept version, sealed (key rotation re-encrypts them all). */
  async allSealed(): Promise<SealedVersion[]> {
    const rows = await this.db.all<SealedRow>(`SELECT ${SEALED_COLUMNS} FROM job_secret s JOIN job_secret_version v ON v.secret_id = s.id`)
    return rows.map(sealedOf)
  }

  /** Replaces one version's sealed value (key rotation); its times and author stay. */
  async reseal(secretId: number, version: number, sealed: SealedValue): Promise<void> {
    await this.db.run('UPDATE job_secret_version SET ciphertext = ?, iv = ?, auth_tag = ? WHERE secret_id = ? AND version = ?', [
      sealed.ciphertext,
      sealed.iv,
      sealed.authTag,
      secretId,
      version,
    ])
    await this.bump()
  }

  /** Deletes the versions retired before `retiredBeforeMs` (past their grace period); resolves with how many. */
  async purgeRetired(retiredBeforeMs: number): Promise<number> {
    const purged = await this.db.run('DELETE FROM job_secret_version WHERE retired_time > 0 AND retired_time < ?', [retiredBeforeMs])
    if (purged > 0) await this.bump()
    return purged
  }
}

function scopeOf(groupId: number): number | null {
  return Number(groupId) === 0 ? null : Number(groupId)
}

function secretOf(row: SecretRow): StoredSecret {
  return { id: Number(row.id), name: row.name, groupId: scopeOf(row.group_id), createdBy: row.created_by, createdAtMs: Number(row.create_time) }
}

function sealedOf(row: SealedRow): SealedVersion {
  return {
    secretId: Number(row.secret_id),
    name: row.name,
    groupId: scopeOf(row.group_id),
    version: Number(row.version),
    retiredAtMs: Number(row.retired_time),
    ciphertext: row.ciphertext,
    iv: row.iv,
    authTag: row.auth_tag,
  }
}
