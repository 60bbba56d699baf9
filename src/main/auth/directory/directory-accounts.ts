import type { UserSource } from '../../../shared/auth'
import type { MessageCode } from '../../../shared/messages'
import type { Logger } from '../../kernel/logger'
import type { RepoAccess } from '../../store/store'
import type { StoredUser } from '../../store/user-repo'
import type { Grant } from './directory-settings'

export type DirectoryRepos = RepoAccess<'users' | 'sessions' | 'apiTokens' | 'groups'>

/** Who the directory says signed in: its kind, its stable id, and the JobDesk name for a new row. */
export interface DirectoryIdentity {
  source: Exclude<UserSource, 'local'>
  directoryId: string
  name: string
}

export type Admission = { ok: true; user: StoredUser } | { ok: false; code: MessageCode; params?: Record<string, string>; userId?: number }

/**
 * The `job_user` rows of directory users. At each sign-in the directory's answer is written to the
 * row: role and groups come from the mapping every time, so a group removed in the directory counts
 * at the next sign-in. A user the mapping gives no role (or an authenticated search no longer
 * finds) keeps the row, loses their sessions, and has their personal tokens suspended — given back
 * at their next sign-in with a role, since a directory's answer can change back (a group restored,
 * an entry re-created). One disabled by an admin stays out whatever the directory says. A
 * directory name never becomes a second account beside another of the same name in any case: the
 * row's key is the folded name (src/shared/user-name.ts), so the insert is refused and the sign-in
 * with it (`directory.nameTaken`), never merged into the account that holds the name.
 */
export class DirectoryAccounts {
  constructor(
    private readonly repos: DirectoryRepos,
    private readonly logger: Logger,
  ) {}

  async admit(identity: DirectoryIdentity, grant: Grant | null, nowMs: number): Promise<Admission> {
    const groupIds = grant === null ? [] : await this.groupIds(grant.groups)
    return this.repos.transaction(async (tx) => {
      const known = await tx.users.findByDirectoryId(identity.source, identity.directoryId)
      if (grant === null) {
        if (known) await shutOut(tx, known.id, nowMs)
        return { ok: false, code: 'directory.noRole', userId: known?.id }
      }
      if (!known) {
        const id = await tx.users.insert(
          {
            name: identity.name,
            passwordHash: '',
            role: grant.role,
            groupIds,
            mustChangePassword: false,
            directory: { source: identity.source, id: identity.directoryId },
          },
          nowMs,
        )
        if (id === null) {
          const other = await tx.users.findByName(identity.name)
          return { ok: false, code: 'directory.nameTaken', params: { name: identity.name, source: other?.source ?? 'local' } }
        }
        return { ok: true, user: (await tx.users.get(id))! }
      }
      if (known.disabled) return { ok: false, code: 'directory.disabled', userId: known.id }
      await tx.users.update(known.id, { name: known.name, role: grant.role, groupIds, disabled: false }, nowMs)
      await tx.apiTokens.resumeForUser(known.id)
      return { ok: true, user: (await tx.users.get(known.id))! }
    })
  }

  /** An authenticated search no longer finds the user behind `directoryId`: their sessions end, their tokens are suspended. */
  async gone(source: DirectoryIdentity['source'], directoryId: string, nowMs: number): Promise<number | null> {
    return this.repos.transaction(async (tx) => {
      const known = await tx.users.findByDirectoryId(source, directoryId)
      if (!known) return null
      await shutOut(tx, known.id, nowMs)
      return known.id
    })
  }

  /** App names to group ids; a name no group has is left out (and logged: a typo in the roles file). */
  private async groupIds(appNames: readonly string[]): Promise<number[]> {
    const ids: number[] = []
    for (const appName of appNames) {
      const group = await this.repos.groups.findByAppName(appName)
      if (group) ids.push(group.id)
      else this.logger.warn('--directory-roles names an executor group that does not exist', { appName })
    }
    return ids
  }
}

async function shutOut(tx: Pick<DirectoryRepos, 'sessions' | 'apiTokens'>, userId: number, nowMs: number): Promise<void> {
  await tx.sessions.deleteForUser(userId)
  await tx.apiTokens.suspendForUser(userId, nowMs)
}
