/**
 * XXL-JOB's exact executor texts (docs/protocol.md#executor-api). Admin UIs and operators match on them, so they are
 * reproduced byte for byte, including upstream's typos and the full-width colon (U+FF1A).
 */

export const DISCARD_LATER_MSG = 'block strategy effect：Discard Later'
export const COVER_EARLY_REASON = 'block strategy effect：Cover Early'
export const KILL_REASON = 'scheduling center kill job.'
/** XXL-JOB's reason when the executor shuts down with work in its lanes. */
export const STOP_REASON = 'web container destroy and kill the job.'
export const CHANGE_HANDLER_REASON = 'change jobhandler or glue type, and terminate the old job thread.'
export const CHANGE_GLUE_REASON = 'change job source or glue type, and terminate the old job thread.'
export const ALREADY_KILLED_MSG = 'job thread already killed.'
export const BUSY_MSG = 'job thread is running or has trigger queue.'
export const TIMEOUT_MSG = 'job execute timeout '
export const LOG_MISSING_MSG = 'readLog fail, logFile not exists'
export const STOPPING_MSG = 'executor is stopping, trigger refused.'

/** A handler message longer than this is cut and marked with `...` (XXL-JOB's JobThread). */
export const HANDLE_MSG_MAX_CHARS = 50_000

export function repeatTriggerMsg(logId: number): string {
  return `repeat trigger job, logId:${logId}`
}

export function badGlueTypeMsg(glueType: string): string {
  return `glueType[${glueType}] is not valid.`
}

export function handlerNotFoundMsg(name: string): string {
  return `job handler [${name}] not found.`
}

export function glueNotSupportedMsg(glueType: string): string {
  return `fail, current glue type [${glueType}] not supported.`
}

export const AGENT_SCRIPTS_HINT = 'start the agent with --enable-scripts'

/** XXL-JOB's refusal, then why and how to change it (the executor runs scripts as its own user). */
export function scriptsDisabledMsg(glueType: string, hint: string): string {
  return `${glueNotSupportedMsg(glueType)} Script jobs are switched off on this executor: they would run commands on its machine as its user. To allow them, ${hint}.`
}

export const GROOVY_REFUSED_MSG =
  'fail, current glue type [GLUE_GROOVY] not supported: a Node executor cannot compile Java/Groovy GLUE; use a BEAN handler module or a script glue type.'

export function runningKilledMsg(reason: string): string {
  return `${reason} [job running, killed]`
}

export function queuedKilledMsg(reason: string): string {
  return `${reason} [job not executed, in the job queue, killed.]`
}

export function scriptExitMsg(exitCode: number): string {
  return `script exit value(${exitCode}) is failed`
}

export function capHandleMsg(msg: string | null): string | null {
  if (msg === null || msg.length <= HANDLE_MSG_MAX_CHARS) return msg
  return `${msg.slice(0, HANDLE_MSG_MAX_CHARS)}...`
}
