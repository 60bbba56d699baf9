/**
 * The records of a CSV text (RFC 4180, as spreadsheets save it): fields split by commas, a field in
 * double quotes may hold commas, line breaks and doubled quotes (`""` is one `"`), records end at
 * CRLF, LF or CR, and a byte-order mark at the start is dropped. No dependency reads CSV in this
 * project, and the format is small enough to read exactly here.
 */

export interface CsvRecord {
  /** The line the record starts on (1-based): a quoted field may carry it over several lines. */
  line: number
  fields: string[]
}

/** Why a CSV text cannot be read, and where. */
export interface CsvSyntaxProblem {
  kind: 'unclosedQuote' | 'quoteInField' | 'textAfterQuote'
  line: number
  column: number
}

export class CsvSyntaxError extends Error {
  constructor(readonly problem: CsvSyntaxProblem) {
    super(`line ${problem.line}, column ${problem.column}: ${problem.kind}`)
  }
}

const BOM = '\uFEFF'

/**
 * Every record of `text`, in order. A trailing line break ends the last record rather than adding
 * an empty one; a blank line in between is a record of one empty field (the caller decides).
 * @throws CsvSyntaxError at the first quote out of place (a CSV with one is not what its author meant).
 */
export function csvRecords(text: string): CsvRecord[] {
  const source = text.startsWith(BOM) ? text.slice(1) : text
  const records: CsvRecord[] = []
  let line = 1
  let lineStart = 0
  let fields: string[] = []
  let recordLine = 1
  let at = 0
  const column = (index: number) => index - lineStart + 1
  const newline = (index: number): number => {
    // CRLF is one break; the index after it.
    const next = source[index] === '\r' && source[index + 1] === '\n' ? index + 2 : index + 1
    line++
    lineStart = next
    return next
  }

  // Each pass reads one field and what ends it; `at` only moves forward, so the loop ends.
  while (at <= source.length) {
    let value = ''
    if (source[at] === '"') {
      const opened = { line, column: column(at) }
      at++
      for (;;) {
        if (at >= source.length) throw new CsvSyntaxError({ kind: 'unclosedQuote', ...opened })
        const char = source[at]
        if (char === '"') {
          if (source[at + 1] === '"') {
            value += '"'
            at += 2
            continue
          }
          at++
          break
        }
        if (char === '\r' || char === '\n') {
          value += char === '\r' && source[at + 1] === '\n' ? '\r\n' : char
          at = newline(at)
          continue
        }
        value += char
        at++
      }
      if (at < source.length && source[at] !== ',' && source[at] !== '\r' && source[at] !== '\n') {
        throw new CsvSyntaxError({ kind: 'textAfterQuote', line, column: column(at) })
      }
    } else {
      const start = at
      while (at < source.length && source[at] !== ',' && source[at] !== '\r' && source[at] !== '\n') {
        if (source[at] === '"') throw new CsvSyntaxError({ kind: 'quoteInField', line, column: column(at) })
        at++
      }
      value = source.slice(start, at)
    }
    fields.push(value)

    if (source[at] === ',') {
      at++
      continue
    }
    // A line break or the end: the record is complete.
    const atEnd = at >= source.length
    const emptyLastLine = atEnd && fields.length === 1 && fields[0] === '' && records.length > 0 && source.length > 0
    if (!emptyLastLine && !(atEnd && source.length === 0)) records.push({ line: recordLine, fields })
    if (atEnd) break
    at = newline(at)
    fields = []
    recordLine = line
  }
  return records
}
