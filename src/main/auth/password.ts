import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

/**
 * Password hashes with scrypt (memory-hard, in Node's crypto): a random 16-byte salt per hash and
 * the cost parameters stored with it, so they can be raised later without breaking old hashes.
 * Text form: `scrypt$N$r$p$salt$hash` (salt and hash base64). N=2^15, r=8 takes 32 MiB and about
 * 50-100 ms per hash on a server core — cheap for one sign-in, dear for a guesser (OWASP's minimum
 * for scrypt is N=2^17 with r=8 at p=1 or N=2^15 at p=3; we take N=2^15, p=2 as a middle ground
 * for a small server's two cores).
 */
export interface ScryptParams {
  N: number
  r: number
  p: number
}

export const DEFAULT_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 15, r: 8, p: 2 }
const KEY_BYTES = 32
const SALT_BYTES = 16

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  // scrypt needs 128·N·r bytes; Node's default cap is 32 MiB.
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 256 * params.N * params.r + 1024 * 1024 }
  return new Promise((resolve, reject) => scrypt(password.normalize('NFC'), salt, KEY_BYTES, options, (error, key) => (error ? reject(error) : resolve(key))))
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<string> {
  const salt = randomBytes(SALT_BYTES)
  const key = await derive(password, salt, params)
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64'), key.toString('base64')].join('$')
}

/** Whether `password` matches `stored`; false for a malformed hash (never throws on bad stored text). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$')
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false
  const [N, r, p] = parts.slice(1, 4).map(Number)
  const salt = Buffer.from(parts[4], 'base64')
  const expected = Buffer.from(parts[5], 'base64')
  if (![N, r, p].every((n) => Number.isSafeInteger(n) && n > 0) || N > 2 ** 20 || r > 32 || p > 16 || expected.length !== KEY_BYTES) return false
  const actual = await derive(password, salt, { N, r, p })
  return timingSafeEqual(actual, expected)
}

/** A password for a first start or a reset: 18 random bytes, base64url (24 characters). */
export function oneTimePassword(): string {
  return randomBytes(18).toString('base64url')
}

/**
 * A password of nothing but whitespace proves nothing: to LDAP it is an unauthenticated bind (RFC
 * 4513 §5.1.2), which directories answer with success. A sign-in with one is refused before
 * anything is checked or asked.
 */
export function isBlankPassword(password: string): boolean {
  return password.trim() === ''
}

/** Sign-in checks running at once, and waiting: together one address's whole budget (SIGN_IN_LIMITS.perAddress). */
export const VERIFICATION_LIMIT = { maxRunning: 2, maxQueued: 18 } as const

/** More sign-ins are being checked and waiting than VERIFICATION_LIMIT allows: try again shortly. */
export class VerificationsBusyError extends Error {
  override readonly name = 'VerificationsBusyError'
  constructor() {
    super('too many sign-ins in progress; try again')
  }
}

/**
 * Runs at most `maxRunning` tasks at once and lets the next `maxQueued` wait in arrival order;
 * one more is refused at once (VerificationsBusyError) without being run. For password checks:
 * each scrypt takes one of libuv's four pool threads (and a core) for 50-200 ms, and the same
 * pool serves file reads, DNS and zlib, so a burst of sign-ins must not take all of it.
 */
export class ConcurrencyLimit {
  private active = 0
  private readonly waiting: (() => void)[] = []

  constructor(
    readonly maxRunning: number,
    readonly maxQueued: number,
  ) {}

  get running(): number {
    return this.active
  }

  get queued(): number {
    return this.waiting.length
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active < this.maxRunning) this.active++
    else if (this.waiting.length >= this.maxQueued) throw new VerificationsBusyError()
    // A finishing task hands its place straight to the first waiter (`active` stays), so a newcomer cannot overtake.
    else await new Promise<void>((resolve) => this.waiting.push(resolve))
    try {
      return await task()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.active--
    }
  }
}

/**
 * A hash of nothing anyone knows, verified when the user name is unknown, so that a wrong name
 * costs as long as a wrong password (the reply time does not tell which names exist).
 */
export async function decoyHash(params: ScryptParams = DEFAULT_SCRYPT_PARAMS): Promise<string> {
  return hashPassword(randomBytes(16).toString('hex'), params)
}
