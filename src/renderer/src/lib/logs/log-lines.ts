import type { LogPage } from '../../../../shared/model'
import { splitLogPrefix } from './log-prefix'

/** One row of the log view: a physical log line, or a piece of one split at XXL-JOB's `<br>` markers. */
export interface LogRow {
  /** The physical line (1-based) the row belongs to. */
  lineNum: number
  text: string
  /** A continuation piece of a line split at `<br>` (shown without its number). */
  continued: boolean
  /**
   * Where the message starts in `text`: after the XXL-JOB prefix (time and `[class#method]-[line]-[thread]`,
   * see log-prefix.ts), 0 when the row has none. Found once per line, as it arrives.
   */
  prefixEnd: number
}

/** What the view holds of one run's log: rows of physical lines 1..lastLineNum. */
export interface LogBuffer {
  rows: LogRow[]
  lastLineNum: number
}

export const EMPTY_LOG: LogBuffer = { rows: [], lastLineNum: 0 }

const BR = /<br\s*\/?>/i

/**
 * The physical lines of a page. The executor joins lines with `\n` (usually with a trailing one);
 * `fromLineNum > toLineNum` means no new lines, whatever the content says (e.g. a "file not
 * found" message with toLineNum 0 is shown as one line only when the page says it has lines).
 */
export function pageLines(page: LogPage): string[] {
  if (page.toLineNum < page.fromLineNum) return []
  const count = page.toLineNum - page.fromLineNum + 1
  const text = page.logContent.endsWith('\n') ? page.logContent.slice(0, -1) : page.logContent
  const lines = text.split('\n').map((line) => (line.endsWith('\r') ? line.slice(0, -1) : line))
  // A page is trusted for its numbering; pad or cut so row numbers stay exact.
  while (lines.length < count) lines.push('')
  return lines.length > count ? lines.slice(0, count) : lines
}

/** Splits lines at `<br>` markers into rows; text stays text (never parsed as HTML). */
export function toLogRows(lines: readonly string[], firstLineNum: number): LogRow[] {
  const rows: LogRow[] = []
  lines.forEach((line, index) => {
    const lineNum = firstLineNum + index
    const pieces = line.split(BR)
    pieces.forEach((piece, pieceIndex) => {
      // "… <br>--- start ---" leaves a trailing space on the head: keep the row, drop empty tails.
      if (pieceIndex > 0 && piece === '' && pieceIndex === pieces.length - 1) return
      const parts = pieceIndex === 0 ? splitLogPrefix(piece) : null
      rows.push({ lineNum, text: piece, continued: pieceIndex > 0, prefixEnd: parts ? piece.length - parts.message.length : 0 })
    })
  })
  return rows
}

export interface MergeResult {
  buffer: LogBuffer
  /** Set when the page starts after the next expected line: fetch from here to close the gap. */
  gapFromLineNum: number | null
}

/**
 * Adds a page to a buffer. Lines already held are skipped (a watch restarts from line 1 and
 * overlaps the initial read); a page that starts beyond `lastLineNum + 1` is not applied and
 * reports the gap instead, because the missing lines must come first.
 */
export function mergeLogPage(buffer: LogBuffer, page: LogPage): MergeResult {
  if (page.toLineNum < page.fromLineNum || page.toLineNum <= buffer.lastLineNum) return { buffer, gapFromLineNum: null }
  const next = buffer.lastLineNum + 1
  if (page.fromLineNum > next) return { buffer, gapFromLineNum: next }
  const lines = pageLines(page).slice(next - page.fromLineNum)
  const rows = toLogRows(lines, next)
  return { buffer: { rows: buffer.rows.concat(rows), lastLineNum: page.toLineNum }, gapFromLineNum: null }
}
