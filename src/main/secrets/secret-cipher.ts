import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import type { SealedValue } from '../store/secret-repo'

/** AES-256-GCM: a 32-byte key, a fresh 12-byte IV per value, a 16-byte tag that refuses a wrong key or a changed byte. */
const ALGORITHM = 'aes-256-gcm'
export const SECRET_KEY_BYTES = 32
const IV_BYTES = 12
const TAG_BYTES = 16

/**
 * Encrypts `plaintext` under `key`. `context` is authenticated but not stored: a value sealed for one
 * secret does not open as another's, so a row copied between secrets in the database is refused.
 */
export function sealValue(key: Buffer, plaintext: string, context: string): SealedValue {
  const iv = randomBytes(IV_BYTES)
  const cipher = createCipheriv(ALGORITHM, key, iv, { authTagLength: TAG_BYTES })
  cipher.setAAD(Buffer.from(context, 'utf8'))
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return { ciphertext: ciphertext.toString('base64'), iv: iv.toString('base64'), authTag: cipher.getAuthTag().toString('base64') }
}

/** Decrypts what sealValue made under the same key and context; throws when either differs or a byte was changed. */
export function openValue(key: Buffer, sealed: SealedValue, context: string): string {
  const decipher = createDecipheriv(ALGORITHM, key, Buffer.from(sealed.iv, 'base64'), { authTagLength: TAG_BYTES })
  decipher.setAAD(Buffer.from(context, 'utf8'))
  decipher.setAuthTag(Buffer.from(sealed.authTag, 'base64'))
  return Buffer.concat([decipher.update(Buffer.from(sealed.ciphertext, 'base64')), decipher.final()]).toString('utf8')
}

/** The context a secret's versions are sealed with: its row id (stable across key rotations). */
export function secretContext(secretId: number): string {
  return `jobdesk-secret:${secretId}`
}
