import { useMemo, useRef } from 'react'
import type { LogRow } from '../../lib/logs/log-lines'
import { findMatches } from '../../lib/logs/log-search'

interface Scanned {
  rows: readonly LogRow[]
  query: string
  withSource: boolean
  matches: number[]
}

/**
 * Row indexes matching the query. Rows only grow at the end while a log is tailed, so for the same
 * query only the appended rows are scanned (a 100,000-line log is scanned once, not per line).
 */
export function useLogMatches(rows: readonly LogRow[], query: string, withSource: boolean): number[] {
  const last = useRef<Scanned | null>(null)
  return useMemo(() => {
    const previous = last.current
    const appendedOnly =
      previous !== null &&
      previous.query === query &&
      previous.withSource === withSource &&
      previous.rows.length <= rows.length &&
      (previous.rows.length === 0 || previous.rows[0] === rows[0])
    const matches = appendedOnly ? findMatches(rows, query, withSource, previous.rows.length, previous.matches) : findMatches(rows, query, withSource)
    last.current = { rows, query, withSource, matches }
    return matches
  }, [rows, query, withSource])
}
