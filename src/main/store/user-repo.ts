import { USER_SOURCES, type Role, type UserSource, type UserView } from '../../shared/auth'
import { foldUserName } from '../../shared/user-name'
import type { Connection } from './sql/connection'
import { groupIdsFromText, groupIdsToText } from './group-id-list'

interface UserRow {
  id: number
  name: string
  password_hash: string
  role: string
  group_ids: string
  must_change_password: number
  disabled: number
  source: string
  directory_id: string
  add_time: number
  update_time: number
}

/** A user with the hash of their password ('' for a directory user) and their directory id (never leave the core). */
export interface StoredUser extends UserView {
  passwordHash: string
  directoryId: string
}

export interface NewUser {
  name: string
  passwordHash: string
  role: Role
  groupIds: readonly number[]
  mustChangePassword: boolean
  /** Default: a local user. */
  directory?: { source: Exclude<UserSource, 'local'>; id: string }
}

/** `job_user`: the people who sign in to a headless server's console. */
export class UserRepo {
  constructor(private readonly db: Connection) {}

  async list(): Promise<StoredUser[]> {
    return (await this.db.all<UserRow>('SELECT * FROM job_user ORDER BY id')).map(fromRow)
  }

  async get(id: number): Promise<StoredUser | undefined> {
    const row = await this.db.get<UserRow>('SELECT * FROM job_user WHERE id = ?', [id])
    return row && fromRow(row)
  }

  /** The user whose name is `name` without regard to case (`Alice` is `alice`: src/shared/user-name.ts). */
  async findByName(name: string): Promise<StoredUser | undefined> {
    const row = await this.db.get<UserRow>('SELECT * FROM job_user WHERE name_key = ?', [foldUserName(name)])
    return row && fromRow(row)
  }

  /** The user a directory knows by `directoryId` (an LDAP DN, an OIDC issuer and subject). */
  async findByDirectoryId(source: Exclude<UserSource, 'local'>, directoryId: string): Promise<StoredUser | undefined> {
    const row = await this.db.get<UserRow>('SELECT * FROM job_user WHERE source = ? AND directory_id = ?', [source, directoryId])
    return row && fromRow(row)
  }

  async count(): Promise<number> {
    return Number((await this.db.get<{ n: number }>('SELECT COUNT(*) AS n FROM job_user'))?.n ?? 0)
  }

  /** Whether any user has a password of their own (a one-time password does not count). */
  async anyActivated(): Promise<boolean> {
    return (await this.db.get('SELECT id FROM job_user WHERE must_change_password = 0 LIMIT 1')) !== undefined
  }

  /** Resolves with the new id, or null when the name is taken (in any case: the key is the folded name). */
  async insert(user: NewUser, nowMs: number): Promise<number | null> {
    return this.db.insert(
      this.db.dialect.insertIgnore('job_user', [
        'name',
        'name_key',
        'password_hash',
        'role',
        'group_ids',
        'must_change_password',
        'disabled',
        'source',
        'directory_id',
        'add_time',
        'update_time',
      ]),
      [
        user.name,
        foldUserName(user.name),
        user.passwordHash,
        user.role,
        groupIdsToText(user.groupIds),
        user.mustChangePassword ? 1 : 0,
        0,
        user.directory?.source ?? 'local',
        user.directory?.id ?? '',
        nowMs,
        nowMs,
      ],
    )
  }

  async update(id: number, fields: { name: string; role: Role; groupIds: readonly number[]; disabled: boolean }, nowMs: number): Promise<void> {
    await this.db.run('UPDATE job_user SET name = ?, name_key = ?, role = ?, group_ids = ?, disabled = ?, update_time = ? WHERE id = ?', [
      fields.name,
      foldUserName(fields.name),
      fields.role,
      groupIdsToText(fields.groupIds),
      fields.disabled ? 1 : 0,
      nowMs,
      id,
    ])
  }

  async setPassword(id: number, passwordHash: string, mustChange: boolean, nowMs: number): Promise<void> {
    await this.db.run('UPDATE job_user SET password_hash = ?, must_change_password = ?, update_time = ? WHERE id = ?', [
      passwordHash,
      mustChange ? 1 : 0,
      nowMs,
      id,
    ])
  }

  async delete(id: number): Promise<void> {
    await this.db.run('DELETE FROM job_user WHERE id = ?', [id])
  }
}

function fromRow(row: UserRow): StoredUser {
  return {
    id: Number(row.id),
    name: row.name,
    passwordHash: row.password_hash,
    source: sourceOf(row.source),
    directoryId: row.directory_id,
    role: row.role as Role,
    groupIds: groupIdsFromText(row.group_ids),
    disabled: Number(row.disabled) === 1,
    mustChangePassword: Number(row.must_change_password) === 1,
    addTimeMs: Number(row.add_time),
    updateTimeMs: Number(row.update_time),
  }
}

function sourceOf(text: string): UserSource {
  return (USER_SOURCES as readonly string[]).includes(text) ? (text as UserSource) : 'local'
}
