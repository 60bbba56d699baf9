import type { IncomingHttpHeaders } from 'node:http'
import type { JobGroup } from '../../shared/model'
import type { Principal } from '../../shared/principal'
import { PERSONAL_TOKEN_PREFIX } from '../auth/token-prefix'
import { ACCESS_TOKEN_HEADER, APP_NAME_HEADER, AUTH_MESSAGES, headerValue, secretsEqual } from './wire/auth'

/** Who a request to the admin API is, once its token checked out. */
export type AdminCaller =
  /** The executor access token (G1/G2 executors send only this): registry and callbacks, any app name. */
  | { kind: 'executor'; appName: string | null }
  /** The API token (or the executor token, where the operator allows it for the OpenAPI): every group. */
  | { kind: 'api'; viaExecutorToken: boolean }
  /** A group's own token with its app name (G3): that group's executors and jobs only. */
  | { kind: 'group'; group: JobGroup }
  /** A personal API token (OpenAPI only): its role and groups, as the core's rules apply them. */
  | { kind: 'personal'; principal: Principal }

export type AuthResult = { ok: true; caller: AdminCaller } | { ok: false; msg: string }

/** The two surfaces of the admin API: what executors call, and the job OpenAPI. */
export type AdminSurface = 'executor' | 'openapi'

export interface AdminTokens {
  executorToken: string
  apiToken: string
  /** XXL-JOB 3.5 accepts its executor token on the OpenAPI; JobDesk only when the operator says so. */
  openApiAcceptsExecutorToken: boolean
}

export const TOKEN_SCOPE_MESSAGES = {
  apiTokenOnExecutorApi: 'invalid request, the API token cannot register executors or report runs; executors use the executor access token.',
  executorTokenOnOpenApi:
    'invalid request, the executor access token cannot manage jobs; use the API token (Settings → API token), or allow the executor token for the OpenAPI in Settings.',
} as const

/**
 * The admin side of XXL-JOB's auth (docs/protocol.md#admin-authentication, #as-an-admin) with JobDesk's split of credentials
 * (docs/trust.md): executors present the executor token (with or without `XXL-JOB-APPNAME`) or their
 * group's own token with its app name; the OpenAPI takes the API token or a group's own token. All
 * comparisons run every time, in constant time, so the reply time does not tell which secret was close.
 */
export async function authenticateAdminCall(
  headers: IncomingHttpHeaders,
  surface: AdminSurface,
  tokens: AdminTokens,
  findGroup: (appName: string) => Promise<JobGroup | undefined>,
  /** The principal of a personal token (`jdp_…`), or null when it is unknown, revoked or expired. */
  findPersonal: (token: string) => Promise<Principal | null> = async () => null,
): Promise<AuthResult> {
  const token = headerValue(headers, ACCESS_TOKEN_HEADER) ?? ''
  if (surface === 'openapi' && token.startsWith(PERSONAL_TOKEN_PREFIX)) {
    const principal = await findPersonal(token)
    return principal ? { ok: true, caller: { kind: 'personal', principal } } : { ok: false, msg: AUTH_MESSAGES.tokenWrong }
  }
  const appName = headerValue(headers, APP_NAME_HEADER)?.trim() ?? ''
  const group = appName ? await findGroup(appName) : undefined
  const present = token !== ''
  const executorOk = present && secretsEqual(token, tokens.executorToken)
  const apiOk = present && secretsEqual(token, tokens.apiToken)
  const groupOk = present && group !== undefined && group.accessToken !== '' && secretsEqual(token, group.accessToken)
  if (groupOk) return { ok: true, caller: { kind: 'group', group: group! } }
  if (surface === 'executor') {
    if (executorOk) return { ok: true, caller: { kind: 'executor', appName: appName || null } }
    if (apiOk) return { ok: false, msg: TOKEN_SCOPE_MESSAGES.apiTokenOnExecutorApi }
  } else {
    if (apiOk) return { ok: true, caller: { kind: 'api', viaExecutorToken: false } }
    if (executorOk) {
      if (tokens.openApiAcceptsExecutorToken) return { ok: true, caller: { kind: 'api', viaExecutorToken: true } }
      return { ok: false, msg: TOKEN_SCOPE_MESSAGES.executorTokenOnOpenApi }
    }
  }
  if (appName === '') return { ok: false, msg: AUTH_MESSAGES.tokenWrong }
  return { ok: false, msg: present ? AUTH_MESSAGES.appAuthInvalid : AUTH_MESSAGES.appAuthEmpty }
}
