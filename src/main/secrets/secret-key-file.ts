import { randomBytes } from 'node:crypto'
import { chmodSync, closeSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { SECRET_KEY_BYTES } from './secret-cipher'

/** The key file's name in the data folder when `--secrets-key-file` is not given. */
export const SECRET_KEY_FILE_NAME = 'secrets.key'

export function defaultSecretKeyFile(dataDir: string): string {
  return join(dataDir, SECRET_KEY_FILE_NAME)
}

/** A key file JobDesk cannot use; its message is the one line a start-up prints. */
export class SecretKeyError extends Error {
  override name = 'SecretKeyError'
}

/**
 * Reads the 32-byte key (base64 text, one line). With `createIfAbsent`, a missing file is made with
 * fresh random bytes, readable by this user only (0600) — the one place the key is ever written
 * besides a rotation.
 */
export function loadSecretKey(path: string, { createIfAbsent }: { createIfAbsent: boolean }): Buffer {
  let text: string
  try {
    text = readFileSync(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new SecretKeyError(`secrets key file ${path}: ${(error as Error).message}`)
    if (!createIfAbsent) throw new SecretKeyError(`secrets key file ${path} does not exist`)
    const key = randomBytes(SECRET_KEY_BYTES)
    // A server on PostgreSQL or MySQL may start before anything else made its data folder.
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 })
    writeKeyFile(path, key, 'wx')
    return key
  }
  return keyOf(text, path)
}

/** The key in a key file's text; a file that is not one throws, naming the file. */
export function keyOf(text: string, path: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64')
  if (key.length !== SECRET_KEY_BYTES || key.toString('base64') !== text.trim())
    throw new SecretKeyError(`secrets key file ${path} does not hold a key (${SECRET_KEY_BYTES} bytes as base64 on one line)`)
  return key
}

/** Where a rotation writes the new key before its transaction (secret-key-rotation.ts). */
export function pendingKeyFile(path: string): string {
  return `${path}.next`
}

/** Writes a key to a file of its own (0600), replacing what a crashed rotation may have left there. */
export function writeNewKeyFile(path: string, key: Buffer): void {
  writeKeyFile(path, key, 'w')
}

/**
 * Puts the key written at `written` in place of the key file at once: a rename, so a crash leaves
 * either the old file or the new one whole, never half of one.
 */
export function replaceKeyFile(path: string, key: Buffer, written: string): void {
  if (!keyOf(readFileSync(written, 'utf8'), written).equals(key))
    throw new SecretKeyError(`${written} does not hold the new key; the key file ${path} is unchanged`)
  renameSync(written, path)
}

function writeKeyFile(path: string, key: Buffer, flag: 'w' | 'wx'): void {
  const fd = openSync(path, flag, 0o600)
  try {
    writeSync(fd, `${key.toString('base64')}\n`)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  // The mode of openSync is masked by the umask; the key is this user's only whatever the umask.
  chmodSync(path, 0o600)
}
