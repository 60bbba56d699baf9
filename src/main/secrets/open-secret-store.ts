import type { Store } from '../store/store'
import { defaultSecretKeyFile, keyOf } from './secret-key-file'
import { checkGivenKey, openSecretKey } from './secret-key-rotation'
import { SecretStore } from './secret-store'

export interface SecretKeyOptions {
  dataDir: string
  /** `--secrets-key-file`: the key file every node of a cluster reads; default `<dataDir>/secrets.key`. */
  secretsKeyFile?: string
  /** The desktop shell's key as base64, kept with Electron's safeStorage (src/main/shell/desktop-secrets-key.ts); takes the place of the file. */
  secretsKey?: string
}

/** The secrets store of a starting node, under the key the database's secrets are sealed with (a wrong key throws SecretKeyError). */
export async function openSecretStore(store: Store, options: SecretKeyOptions, nowMs: () => number): Promise<SecretStore> {
  if (options.secretsKey !== undefined) {
    const where = "the desktop's key store"
    return new SecretStore({ repos: store, key: await checkGivenKey(store.settings, keyOf(options.secretsKey, where), where), keySource: where, nowMs })
  }
  const keyFile = options.secretsKeyFile ?? defaultSecretKeyFile(options.dataDir)
  return new SecretStore({ repos: store, key: await openSecretKey(store.settings, keyFile), keySource: keyFile, nowMs })
}
