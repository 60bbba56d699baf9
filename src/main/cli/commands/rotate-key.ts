import { hostname } from 'node:os'
import { databaseFile, resolveDataDir } from '../../app/data-dir'
import { AuditService } from '../../audit/audit-service'
import { systemClock } from '../../kernel/clock'
import { silentLogger } from '../../kernel/logger'
import { defaultSecretKeyFile, SecretKeyError } from '../../secrets/secret-key-file'
import { rotateSecretKey } from '../../secrets/secret-key-rotation'
import { DatabaseOpenError } from '../../store/open-database'
import { openStore } from '../../store/open-store'
import { CliError } from '../cli-error'
import type { Out } from '../output'

export interface RotateKeyOptions {
  dataDir?: string
  database?: string
  keyFile?: string
  newKeyFile?: string
}

/**
 * `jobdesk secrets rotate-key`: every secret version re-encrypted under a new key in one
 * transaction, then the key file replaced at once (secrets/secret-key-rotation.ts). Straight on the
 * store, as reset-password: whoever can read the store and the key file can do this anyway. The
 * nodes are stopped first (docs/secrets.md): a running node holds the old key.
 */
export async function rotateKeyCommand(out: Out, options: RotateKeyOptions, env: NodeJS.ProcessEnv): Promise<number> {
  const dataDir = resolveDataDir(options.dataDir ?? env.JOBDESK_DATA_DIR)
  const keyFile = options.keyFile ?? defaultSecretKeyFile(dataDir)
  let store
  try {
    store = await openStore(options.database ?? env.JOBDESK_DATABASE_URL ?? databaseFile(dataDir))
  } catch (error) {
    if (error instanceof DatabaseOpenError) throw new CliError(error.message)
    throw error
  }
  try {
    const count = await rotateSecretKey(store, keyFile, options.newKeyFile)
    await new AuditService(store.audit, systemClock, silentLogger).record(
      { actor: 'jobdesk secrets rotate-key', actorKind: 'desktop', source: hostname() },
      { action: 'secret.rotateKey', outcome: 'ok', target: `${count} secret versions`, detail: { params: { keyFile } } },
    )
    out.write(`${count} secret versions re-encrypted; ${keyFile} holds the new key — copy it to every node before starting them\n`)
    return 0
  } catch (error) {
    if (error instanceof SecretKeyError) throw new CliError(error.message)
    throw error
  } finally {
    await store.close()
  }
}
