import { safeStorage } from 'electron'
import { randomBytes } from 'node:crypto'
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { SECRET_KEY_BYTES } from '../secrets/secret-cipher'
import { defaultSecretKeyFile } from '../secrets/secret-key-file'

/** The secrets key wrapped by the OS keychain (safeStorage), in the data folder. */
const WRAPPED_KEY_FILE = 'secrets.key.safe'

/**
 * The desktop app's secrets key, kept with Electron's safeStorage when this machine can (docs/secrets.md#the-desktop-app):
 * unwrapped from `secrets.key.safe`, or made once — taking over a plain key file the data folder
 * already has, which is then deleted so the key is nowhere in the clear. Undefined when safeStorage
 * cannot encrypt here: the core then uses the plain key file as a server does. Thin on purpose: the
 * core checks the key like any other (secrets/open-secret-store.ts).
 */
export function desktopSecretsKey(dataDir: string): string | undefined {
  if (!safeStorage.isEncryptionAvailable()) return undefined
  const wrapped = join(dataDir, WRAPPED_KEY_FILE)
  if (existsSync(wrapped)) return safeStorage.decryptString(readFileSync(wrapped))
  const plain = defaultSecretKeyFile(dataDir)
  const key = existsSync(plain) ? readFileSync(plain, 'utf8').trim() : randomBytes(SECRET_KEY_BYTES).toString('base64')
  writeFileSync(wrapped, safeStorage.encryptString(key), { mode: 0o600 })
  rmSync(plain, { force: true })
  return key
}
