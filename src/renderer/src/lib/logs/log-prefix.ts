/**
 * The parts of an XXL-JOB log line: `2026-12-01 08:58:02 [jobdesk.BuiltinHandlers#demoJobHandler]-[0]-[jobdesk,
 * JobThread-5-…] message` (xxl-job-core's XxlJobFileAppender writes the same shape: time, class#method,
 * line, thread). The message is what an operator reads; the ~70-100 characters of source before it
 * are shown on demand.
 */
export interface LogLineParts {
  /** `2026-12-01 08:58:02` (milliseconds kept when the executor writes them). */
  timestamp: string
  /** `HH:mm:ss` of the timestamp, what the row shows. */
  time: string
  /** `[class#method]-[line]-[thread]`. */
  source: string
  message: string
}

const PREFIX = /^(\d{4}-\d{2}-\d{2} (\d{2}:\d{2}:\d{2})(?:[.,]\d{1,3})?) (\[[^\]]*\]-\[[^\]]*\]-\[[^\]]*\]) ?/

/** Splits a line written by an XXL-JOB logger; null for anything else (script output, continuation rows). */
export function splitLogPrefix(line: string): LogLineParts | null {
  const match = PREFIX.exec(line)
  if (!match) return null
  return { timestamp: match[1], time: match[2], source: match[3], message: line.slice(match[0].length) }
}
