import type { LogRow } from './log-lines'

/** The text a row shows: the whole line, or without its XXL-JOB prefix while the source is hidden. */
export function shownText(row: LogRow, withSource: boolean): string {
  return withSource || row.prefixEnd === 0 ? row.text : row.text.slice(row.prefixEnd)
}

/**
 * Indexes of the rows whose shown text contains `query` (case-insensitive); empty for an empty
 * query. A hidden prefix is not searched: a hit there could not be shown.
 */
export function findMatches(rows: readonly LogRow[], query: string, withSource = true, fromIndex = 0, previous: number[] = []): number[] {
  const needle = query.toLowerCase()
  if (needle === '') return []
  const matches = previous.slice()
  for (let i = fromIndex; i < rows.length; i++) if (shownText(rows[i], withSource).toLowerCase().includes(needle)) matches.push(i)
  return matches
}

export interface TextPiece {
  text: string
  match: boolean
}

/** Splits text around every case-insensitive occurrence of `query`, for highlighting without HTML. */
export function splitMatches(text: string, query: string): TextPiece[] {
  if (query === '') return [{ text, match: false }]
  const lower = text.toLowerCase()
  const needle = query.toLowerCase()
  const pieces: TextPiece[] = []
  let at = 0
  for (let hit = lower.indexOf(needle); hit >= 0; hit = lower.indexOf(needle, at)) {
    if (hit > at) pieces.push({ text: text.slice(at, hit), match: false })
    pieces.push({ text: text.slice(hit, hit + needle.length), match: true })
    at = hit + needle.length
  }
  if (at < text.length) pieces.push({ text: text.slice(at), match: false })
  return pieces
}

/** The next (step 1) or previous (step −1) match position, wrapping around; −1 when there are none. */
export function stepMatch(current: number, count: number, step: 1 | -1): number {
  if (count === 0) return -1
  if (current < 0) return step === 1 ? 0 : count - 1
  return (current + step + count) % count
}
