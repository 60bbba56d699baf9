/**
 * What the log view says about a log's state. `live` only while the run can still write lines: a
 * finished run's log is over for the operator once what it wrote is read (trailing lines, such as
 * the executor's "callback finish", may still arrive), whatever the executor's `isEnd` says. A long
 * log still being read page by page is `loading`, not ended.
 */
export type LogState = 'loading' | 'live' | 'ended'

export function logState(entry: { loading: boolean; catchingUp: boolean; isEnd: boolean } | undefined, runFinished: boolean): LogState {
  if (!entry || entry.loading) return 'loading'
  if (entry.isEnd) return 'ended'
  if (entry.catchingUp) return 'loading'
  return runFinished ? 'ended' : 'live'
}
