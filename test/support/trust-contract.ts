import type { CoreOptions } from '../../src/main/app/core'
import type { Core } from '../../src/main/app/core'
import type { GroupInput, Settings, SettingsInput } from '../../src/shared/api'
import type { JobGroup } from '../../src/shared/model'

/**
 * The names and limits the fix for issue 9 exposes, in one place so the trust tests, the fuzz suite
 * and the implementation agree. Today's code has none of them; the accessors below are typed
 * loosely so the tests compile against it and fail by behaviour, not by a type error.
 *
 * Given by the brief:
 * - `core.settings.apiToken()`, `--api-token` / `JOBDESK_API_TOKEN`: the OpenAPI's own token.
 * - `Settings.openApiAcceptsExecutorToken` (boolean, default false), saved with `saveSettings`.
 * - `Settings.embeddedScriptsEnabled` (boolean, default false), saved with `saveSettings`;
 *   `--enable-scripts` in headless mode, `CoreOptions.enableScripts`.
 * - `JobGroup.scriptsAllowed` / `GroupInput.scriptsAllowed` (boolean, default false, `saveGroup`).
 * - the agent binds 127.0.0.1 unless `--host`.
 *
 * Chosen here (plain names; rename them here, in one place, if the implementation differs):
 * - `MonitorTimings.reconcileGraceMs` (the name main's first pass, d403191, gave it): after JobDesk
 *   asks an executor that came back (idleBeat) about a run it still thinks running and hears it has
 *   none, how long it waits for the run's callback before ending it as lost.
 * - refusal messages are at most REFUSAL_MSG_MAX_CHARS characters (field name, rule, value cut).
 * - a spent rate-limit budget, of requests or of failed authentications, is answered with XXL-JOB's
 *   code 502 and a message; failed authentications from one address are refused so within at most
 *   FAILED_AUTH_BUDGET attempts per window.
 */
export const API_TOKEN_FLAG = '--api-token'
export const API_TOKEN_ENV = 'JOBDESK_API_TOKEN'
export const ENABLE_SCRIPTS_FLAG = '--enable-scripts'
export const LOST_RUN_GRACE_TIMING = 'reconcileGraceMs'
/** A refusal's msg: the field, the rule, and the value cut to ~300 characters before JSON escaping (which may double them). */
export const REFUSAL_MSG_MAX_CHARS = 1000
export const RATE_LIMITED_CODE = 502
/** Wrong-token requests one address may make in a rate-limit window before being refused. */
export const FAILED_AUTH_BUDGET = 100
/** What a refusal to run a script on the JobDesk host must point at: the setting, or the flag. */
export const ENABLE_SCRIPTS_HINT = /--enable-scripts|settings/i

type SettingsWithApiToken = { apiToken?: () => string; accessToken: () => string }

/**
 * The token for the job OpenAPI: `core.settings.apiToken()` once it exists. Until then the
 * executor token, which is what today's OpenAPI accepts, so tests of other findings reach the
 * OpenAPI on today's code and fail for their own reason.
 */
export function apiTokenOf(core: Core): string {
  const settings = core.settings as unknown as SettingsWithApiToken
  return typeof settings.apiToken === 'function' ? settings.apiToken() : settings.accessToken()
}

/** True once the core has an API token of its own. */
export function hasApiToken(core: Core): boolean {
  return typeof (core.settings as unknown as SettingsWithApiToken).apiToken === 'function'
}

/** The fix's settings fields, read from `getSettings()` (undefined on today's code). */
export interface TrustSettings {
  openApiAcceptsExecutorToken?: boolean
  embeddedScriptsEnabled?: boolean
}

export function trustSettingsOf(settings: Settings): TrustSettings {
  return settings as Settings & TrustSettings
}

/** Settings input with the fix's fields. */
export function trustSettingsInput(input: TrustSettings & SettingsInput): SettingsInput {
  return input as SettingsInput
}

/** Group input with `scriptsAllowed`. */
export function groupInput(input: GroupInput & { scriptsAllowed?: boolean }): GroupInput {
  return input as GroupInput
}

export function scriptsAllowedOf(group: JobGroup): unknown {
  return (group as JobGroup & { scriptsAllowed?: unknown }).scriptsAllowed
}

/** Core options with the fix's fields (`enableScripts`, `monitorTimings.reconcileGraceMs`). */
export function trustCoreOptions<T extends Partial<CoreOptions>>(
  options: T & { enableScripts?: boolean; monitorTimings?: Record<string, number> },
): T {
  return options as T
}
