/**
 * The names and limits of issue 9's trust boundaries, in one place so the trust tests, the fuzz
 * suite and the implementation agree.
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
