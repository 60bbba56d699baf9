import type { SealedValue } from '../store/secret-repo'
import { openValue, sealValue } from './secret-cipher'

/** The setting that holds a known marker sealed with the key the database's secrets are under. */
export const KEY_CHECK_SETTING = 'secretsKeyCheck'
const KEY_CHECK_CONTEXT = 'jobdesk-secrets-key-check'
const KEY_CHECK_MARKER = 'jobdesk secrets key'

/** A fresh check value for `key` (a rotation stores it in the transaction that re-encrypts). */
export function keyCheckOf(key: Buffer): SealedValue {
  return sealValue(key, KEY_CHECK_MARKER, KEY_CHECK_CONTEXT)
}

/** Whether `key` opens the check value. */
export function keyOpens(key: Buffer, check: SealedValue): boolean {
  try {
    return openValue(key, check, KEY_CHECK_CONTEXT) === KEY_CHECK_MARKER
  } catch {
    return false
  }
}
