import { SESSION_COOKIE } from '../../shared/auth'
import { SESSION_TIMING } from './session-policy'

/**
 * The session cookie: HttpOnly (scripts in the page never read it), SameSite=Strict (no other site
 * can make the browser send it — the console is one same-origin page, so nothing legitimate comes
 * from elsewhere), Path=/ (the bridge and /auth/), and a Max-Age of the absolute session length;
 * the server's row decides the real end. `Secure` when the console is served over HTTPS.
 */
export function sessionCookie(secret: string, secure: boolean): string {
  return `${SESSION_COOKIE}=${secret}; HttpOnly; SameSite=Strict; Path=/; Max-Age=${SESSION_TIMING.absoluteMs / 1000}${secure ? '; Secure' : ''}`
}

export function clearedSessionCookie(): string {
  return `${SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0`
}

/** The session secret in a Cookie header, or null. */
export function sessionSecretOf(cookieHeader: string | undefined): string | null {
  if (!cookieHeader) return null
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=')
    const value = rest.join('=')
    if (name === SESSION_COOKIE && /^[A-Za-z0-9_-]{20,100}$/.test(value)) return value
  }
  return null
}
