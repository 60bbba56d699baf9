import { hostname } from 'node:os'
import { databaseFile, resolveDataDir } from '../../app/data-dir'
import { AuditService } from '../../audit/audit-service'
import { UserService } from '../../auth/user-service'
import { systemClock } from '../../kernel/clock'
import { silentLogger } from '../../kernel/logger'
import { DatabaseOpenError } from '../../store/open-database'
import { openStore } from '../../store/open-store'
import { CliError } from '../cli-error'
import type { Out } from '../output'

export interface ResetPasswordOptions {
  dataDir?: string
  database?: string
}

/**
 * `jobdesk reset-password USER`: a new one-time password for a user, written straight into the
 * store (the data folder or `--database`), for the admin who lost the first start's password or
 * their own. Whoever can read the store can do this anyway; the user's sessions end, the next
 * sign-in must set a new password, and the audit trail records it. A running server sees it at once.
 */
export async function resetPasswordCommand(out: Out, name: string, options: ResetPasswordOptions, env: NodeJS.ProcessEnv): Promise<number> {
  let store
  try {
    store = await openStore(options.database ?? env.JOBDESK_DATABASE_URL ?? databaseFile(resolveDataDir(options.dataDir ?? env.JOBDESK_DATA_DIR)))
  } catch (error) {
    if (error instanceof DatabaseOpenError) throw new CliError(error.message)
    throw error
  }
  try {
    const user = await store.users.findByName(name)
    if (!user) throw new CliError(`no user '${name}' in ${store.location} (the first admin is 'admin')`)
    const { password } = await new UserService(store, { clock: systemClock }).resetPassword(user.id)
    await new AuditService(store.audit, systemClock, silentLogger).record(
      { actor: 'jobdesk reset-password', actorKind: 'desktop', source: hostname() },
      { action: 'user.resetPassword', outcome: 'ok', target: `user ${user.id}` },
    )
    out.write(`User '${name}' has the one-time password ${password} — sign in and set your own.\n`)
    return 0
  } finally {
    await store.close()
  }
}
