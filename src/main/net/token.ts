import { randomBytes } from 'node:crypto'

/** A random token for URLs and headers: 32 bytes, base64url. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url')
}
