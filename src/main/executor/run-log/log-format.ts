import { sep } from 'node:path'

/**
 * Run-log naming and line format (docs/protocol.md#run-log-files): `<logDir>/<yyyy-MM-dd>/<logId>.log`, the date being
 * the trigger time in this process's local time zone; each entry
 * `yyyy-MM-dd HH:mm:ss [<where>]-[<line>]-[<thread>] <message>`.
 */

let cachedDaySecond = Number.NaN
let cachedDayText = ''

/** `yyyy-MM-dd` of an epoch-ms instant in local time. */
export function formatLocalDate(epochMs: number): string {
  const d = new Date(epochMs)
  return `${d.getFullYear()}-${pad2(d.getMonth() + 1)}-${pad2(d.getDate())}`
}

let cachedSecond = Number.NaN
let cachedTimeText = ''

/** `yyyy-MM-dd HH:mm:ss` in local time; cached per second because every log line needs it. */
export function formatLogTime(epochMs: number): string {
  const second = Math.floor(epochMs / 1000)
  if (second !== cachedSecond) {
    const d = new Date(second * 1000)
    cachedTimeText = `${formatLocalDate(second * 1000)} ${pad2(d.getHours())}:${pad2(d.getMinutes())}:${pad2(d.getSeconds())}`
    cachedSecond = second
  }
  return cachedTimeText
}

/** The date folder of a trigger time; cached for the last second asked (runs arrive in time order). */
export function logDateDir(logDateTimeMs: number): string {
  const second = Math.floor(logDateTimeMs / 1000)
  if (second !== cachedDaySecond) {
    cachedDayText = formatLocalDate(logDateTimeMs)
    cachedDaySecond = second
  }
  return cachedDayText
}

/** `logDir` must be normalized (no trailing separator); string concatenation because this runs per run. */
export function runLogPath(logDir: string, logDateTimeMs: number, logId: number): string {
  return `${logDir}${sep}${logDateDir(logDateTimeMs)}${sep}${logId}.log`
}

export function formatLogLine(nowMs: number, where: string, line: number, thread: string, message: string): string {
  return `${formatLogTime(nowMs)} [${where}]-[${line}]-[${thread}] ${message}\n`
}

function pad2(n: number): string {
  return n < 10 ? `0${n}` : String(n)
}

/** XXL-JOB's framework lines, with their `<br>` markers (docs/protocol.md#run-log-files). */
export const FRAME = {
  where: 'jobdesk.executor.JobThread#run',
  callbackWhere: 'jobdesk.executor.TriggerCallbackThread#callbackLog',
  callbackThread: 'jobdesk, executor TriggerCallbackThread',
  start: (param: string) => `<br>----------- xxl-job job execute start -----------<br>----------- Param:${param}`,
  end: (kind: 'finish' | 'error' | 'timeout' | 'killed', code: number, msg: string | null) =>
    `<br>----------- xxl-job job execute end(${kind}) -----------<br>----------- Result: handleCode=${code}, handleMsg = ${msg}`,
  toStop: (reason: string) => `<br>----------- JobThread toStop, stopReason:${reason}`,
  timeout: '<br>----------- xxl-job job execute timeout',
  exception: (stack: string) => `<br>----------- JobThread Exception:${stack}`,
  notExecuted: (msg: string) => `<br>----------- xxl-job job not executed -----------<br>----------- Result: handleCode=500, handleMsg = ${msg}`,
  scriptFile: (path: string) => `----------- script file:${path} -----------`,
  callbackFinish: '<br>----------- xxl-job job callback finish.',
  callbackFail: (reason: string) => `<br>----------- xxl-job job callback fail, callbackResult:${reason}`,
}
