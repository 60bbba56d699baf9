import type { IncomingHttpHeaders } from 'node:http'
import type { JobGroup } from '../../shared/model'
import { ACCESS_TOKEN_HEADER, APP_NAME_HEADER, AUTH_MESSAGES, headerValue, secretsEqual } from './wire/auth'

/** Who a request to the admin API is, once its token checked out. */
export type AdminCaller =
  /** The global token (G1/G2 executors send only this): any app name, any job. */
  | { kind: 'global'; appName: string | null }
  /** A group's own token with its app name (G3): acts for that group only. */
  | { kind: 'group'; group: JobGroup }

export type AuthResult = { ok: true; caller: AdminCaller } | { ok: false; msg: string }

/**
 * The admin side of XXL-JOB's auth (reference §2.2, §8.1): the global token in
 * `XXL-JOB-ACCESS-TOKEN` (with or without `XXL-JOB-APPNAME`), or a group's own token together with
 * that group's app name. Compared in constant time; both comparisons always run, so the reply time
 * does not tell which secret was close.
 */
export function authenticateAdminCall(
  headers: IncomingHttpHeaders,
  globalToken: string,
  findGroup: (appName: string) => JobGroup | undefined,
): AuthResult {
  const token = headerValue(headers, ACCESS_TOKEN_HEADER) ?? ''
  const appName = headerValue(headers, APP_NAME_HEADER)?.trim() ?? ''
  const group = appName ? findGroup(appName) : undefined
  const globalOk = token !== '' && secretsEqual(token, globalToken)
  const groupOk = token !== '' && group !== undefined && group.accessToken !== '' && secretsEqual(token, group.accessToken)
  if (globalOk) return { ok: true, caller: { kind: 'global', appName: appName || null } }
  if (groupOk) return { ok: true, caller: { kind: 'group', group: group! } }
  if (appName === '') return { ok: false, msg: AUTH_MESSAGES.tokenWrong }
  return { ok: false, msg: token === '' ? AUTH_MESSAGES.appAuthEmpty : AUTH_MESSAGES.appAuthInvalid }
}
