import type { LogPage } from '../../../shared/model'

/** A stretch of a run log: whole physical lines, each ending in "\n". */
export interface LogText {
  text: string
  /** Physical lines in `text` (its "\n" count). */
  lines: number
}

/** Physical lines in `text`: its "\n" count (log entries always end in one). */
export function countLines(text: string): number {
  let count = 0
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) count++
  return count
}

function skipLinesInText(text: string, skip: number): number {
  let at = 0
  for (let n = 0; n < skip; n++) {
    const next = text.indexOf('\n', at)
    if (next < 0) return text.length
    at = next + 1
  }
  return at
}

/**
 * XXL-JOB's `/log` page (docs/protocol.md#run-log-files) over a log made of consecutive parts: every line numbered
 * `fromLineNum` (1-based) or later, `toLineNum` the last line; nothing to return gives `toLineNum` 0.
 * `linesBefore` lines (already paged elsewhere, e.g. a file prefix) come ahead of `parts`, and
 * `contentBefore` is what that prefix contributes to the page.
 */
export function pageLogParts(parts: readonly LogText[], fromLineNum: number, linesBefore = 0, contentBefore = ''): LogPage {
  const first = Math.max(1, fromLineNum)
  let total = linesBefore
  let content = contentBefore
  for (const part of parts) {
    if (part.lines === 0) continue
    const skip = first - 1 - total
    if (skip <= 0) content += part.text
    else if (skip < part.lines) content += part.text.slice(skipLinesInText(part.text, skip))
    total += part.lines
  }
  if (first > total) return { fromLineNum, toLineNum: 0, logContent: '', isEnd: false }
  return { fromLineNum, toLineNum: total, logContent: content, isEnd: false }
}
