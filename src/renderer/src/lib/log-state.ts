/**
 * What the log view says about a log's state. `live` only while the run can still write lines: a
 * finished run's log is over for the operator at once (trailing lines, such as the executor's
 * "callback finish", still arrive), whatever the executor's `isEnd` says.
 */
export type LogState = 'loading' | 'live' | 'ended'

export function logState(entry: { loading: boolean; isEnd: boolean } | undefined, runFinished: boolean): LogState {
  if (!entry || entry.loading) return 'loading'
  return entry.isEnd || runFinished ? 'ended' : 'live'
}
