import { AUTH_PATHS, type AuthState, type SessionInfo } from '../../../shared/auth'
import { fromErrorInfo, type ErrorInfo } from '../../../shared/errors'
import { isDesktop } from '../api/client'
import { consoleError } from '../api/console-errors'

/** The console token this tab was opened with (read from the address fragment, then kept for the tab). */
export { consoleToken } from '../api/client'

const TOKEN_KEY = 'jobdesk.consoleToken'

/** What the headless server says of this browser: signed in, and whether the console token still works. */
export async function fetchAuthState(): Promise<AuthState> {
  const response = await fetch(AUTH_PATHS.state, { credentials: 'same-origin' })
  if (!response.ok) throw consoleError('console.authState', { status: response.status, path: AUTH_PATHS.state })
  return (await response.json()) as AuthState
}

async function post(path: string, body: unknown): Promise<{ ok: boolean; session?: SessionInfo; error?: ErrorInfo }> {
  const response = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return (await response.json()) as { ok: boolean; session?: SessionInfo; error?: ErrorInfo }
}

/** Signs in; rejects with the core's coded error (wrong password, too many attempts). */
export async function signIn(name: string, password: string): Promise<SessionInfo> {
  const answer = await post(AUTH_PATHS.signIn, { name, password })
  if (!answer.ok || !answer.session) throw answer.error ? fromErrorInfo(answer.error) : consoleError('console.signInFailed')
  // A signed-in console speaks for its user, not the token it may have been opened with.
  sessionStorage.removeItem(TOKEN_KEY)
  return answer.session
}

export async function signOut(): Promise<void> {
  await post(AUTH_PATHS.signOut, {})
  sessionStorage.removeItem(TOKEN_KEY)
}

/** Why the console shows the sign-in page instead of opening (null: it opens). */
export type GateNotice = 'none' | 'tokenRetired'

/**
 * Before the browser console opens its bridge: with a console token the server still accepts, or a
 * live session, it opens; otherwise it signs in. A token the server no longer accepts is dropped.
 */
export async function consoleGate(token: string | null): Promise<{ open: true } | { open: false; notice: GateNotice }> {
  if (isDesktop()) return { open: true }
  const state = await fetchAuthState()
  if (token !== null && state.consoleTokenAccepted) return { open: true }
  if (token !== null) sessionStorage.removeItem(TOKEN_KEY)
  if (state.signedIn) return { open: true }
  return { open: false, notice: token !== null ? 'tokenRetired' : 'none' }
}
