import type { ScryptParams } from '../../src/main/auth/password'
import { AUTH_PATHS, SESSION_COOKIE } from '../../src/shared/auth'

/** Cheap scrypt for tests that sign in many times (the real cost is for benchmarks, not tests). */
export const TEST_SCRYPT: ScryptParams = { N: 1024, r: 8, p: 1 }

export interface SignInAnswer {
  status: number
  body: { ok: boolean; error?: { code: string; message: string }; session?: { role: string } }
  /** `jobdesk_session=…` to send back, when a session started. */
  cookie: string | null
  setCookie: string | null
}

/** POSTs a sign-in to the headless server as the console's page does. */
export async function signIn(origin: string, name: string, password: string, from?: string): Promise<SignInAnswer> {
  const response = await fetch(`${origin}${AUTH_PATHS.signIn}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: from ?? origin },
    body: JSON.stringify({ name, password }),
  })
  const setCookie = response.headers.get('set-cookie')
  const match = setCookie ? new RegExp(`${SESSION_COOKIE}=([^;]+)`).exec(setCookie) : null
  return {
    status: response.status,
    body: (await response.json()) as SignInAnswer['body'],
    cookie: match && match[1] ? `${SESSION_COOKIE}=${match[1]}` : null,
    setCookie,
  }
}

export async function signOut(origin: string, cookie: string): Promise<number> {
  const response = await fetch(`${origin}${AUTH_PATHS.signOut}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin },
    body: '{}',
  })
  return response.status
}
