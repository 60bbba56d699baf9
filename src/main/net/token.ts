import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * Compares a presented token with the expected one in constant time. Both are hashed first, so
 * neither their content nor their length leaks through timing.
 */
export function tokensEqual(presented: string | undefined | null, expected: string): boolean {
  if (!presented || !expected) return false
  const a = createHash('sha256').update(presented).digest()
  const b = createHash('sha256').update(expected).digest()
  return timingSafeEqual(a, b)
}

/** A random token for URLs and headers: 32 bytes, base64url. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url')
}
