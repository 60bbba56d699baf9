import { randomBytes } from 'node:crypto'
import { existsSync, rmSync } from 'node:fs'
import type { Repos, UnitOfWork } from '../store/store'
import { openValue, SECRET_KEY_BYTES, sealValue, secretContext } from './secret-cipher'
import { KEY_CHECK_SETTING, keyCheckOf, keyOpens } from './secret-key-check'
import { loadSecretKey, pendingKeyFile, replaceKeyFile, SecretKeyError, writeNewKeyFile } from './secret-key-file'
import type { SealedValue } from '../store/secret-repo'

type RotationRepos = UnitOfWork<Pick<Repos, 'secrets' | 'settings'>>

/**
 * `jobdesk secrets rotate-key`: every kept version is re-encrypted under a new key, and the key
 * check with it, in ONE transaction; only then does the key file change. The new key is first
 * written beside the key file (`<file>.next`), so whichever moment a crash comes:
 * - before the commit: the database is still under the old key, which the key file still holds
 *   (the start-up deletes the stale `.next`);
 * - after the commit, before the rename: the start-up finds the database under the `.next` key and
 *   finishes the rename (openSecretKey).
 * Resolves with how many versions were re-encrypted.
 */
export async function rotateSecretKey(store: RotationRepos, keyFile: string, newKeyFile?: string): Promise<number> {
  const oldKey = loadSecretKey(keyFile, { createIfAbsent: false })
  const newKey = newKeyFile === undefined ? randomBytes(SECRET_KEY_BYTES) : loadSecretKey(newKeyFile, { createIfAbsent: false })
  if (newKey.equals(oldKey)) throw new SecretKeyError(`the new key in ${newKeyFile} is the key ${keyFile} already holds`)
  const pending = pendingKeyFile(keyFile)
  writeNewKeyFile(pending, newKey)
  const count = await store.transaction(async (tx) => {
    const check = await tx.settings.get<SealedValue>(KEY_CHECK_SETTING)
    if (check !== undefined && !keyOpens(oldKey, check))
      throw new SecretKeyError(`the secrets key in ${keyFile} is not the key this database's secrets are encrypted with; nothing was changed`)
    const versions = await tx.secrets.allSealed()
    for (const version of versions) {
      const context = secretContext(version.secretId)
      await tx.secrets.reseal(version.secretId, version.version, sealValue(newKey, openValue(oldKey, version, context), context))
    }
    await tx.settings.set(KEY_CHECK_SETTING, keyCheckOf(newKey))
    return versions.length
  })
  replaceKeyFile(keyFile, newKey, pending)
  return count
}

/**
 * The key a node starts with, checked against the database. The check is stored with the first
 * secret (SecretStore.set), so nodes of a cluster without secrets start whatever their key file;
 * once there is one, a node whose key is not the database's throws one clear line. A missing key
 * file is made only while there is no check; a rotation a crash left half-done is finished or
 * dropped (see rotateSecretKey).
 */
export async function openSecretKey(settings: Pick<Repos['settings'], 'get'>, keyFile: string): Promise<Buffer> {
  const check = await settings.get<SealedValue>(KEY_CHECK_SETTING)
  const key = loadSecretKey(keyFile, { createIfAbsent: check === undefined })
  const pending = pendingKeyFile(keyFile)
  if (check === undefined || keyOpens(key, check)) {
    if (existsSync(pending)) rmSync(pending, { force: true })
    return key
  }
  if (existsSync(pending)) {
    const next = loadSecretKey(pending, { createIfAbsent: false })
    if (keyOpens(next, check)) {
      replaceKeyFile(keyFile, next, pending)
      return next
    }
  }
  throw wrongKey(keyFile)
}

/** The desktop shell's key (kept with Electron's safeStorage, src/main/shell/desktop-secrets-key.ts): checked the same way, no file. */
export async function checkGivenKey(settings: Pick<Repos['settings'], 'get'>, key: Buffer, where: string): Promise<Buffer> {
  const check = await settings.get<SealedValue>(KEY_CHECK_SETTING)
  if (check !== undefined && !keyOpens(key, check)) throw wrongKey(where)
  return key
}

/** The one line a start with the wrong key ends with (and a set of a secret on a node started before the first secret with another key). */
export function wrongKey(where: string): SecretKeyError {
  return new SecretKeyError(
    `the secrets key in ${where} is not the key this database's secrets are encrypted with: every node must read the same key file (--secrets-key-file; docs/secrets.md)`,
  )
}
