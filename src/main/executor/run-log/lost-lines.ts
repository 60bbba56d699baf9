import type { LogPage } from '../../../shared/model'
import { formatLogLine } from './log-format'
import type { FileLines } from './run-log-reader'

const NEWLINE = 0x0a
/** Runs whose lost-line counts are remembered (the newest); a count is a few bytes, and a full disk can fail every run. */
const LOST_COUNTS_MAX = 10_000

/** What a write that stopped after `doneBytes` of its `bytes` left in the file and took from the log. */
export interface FailedWrite {
  /** The marker owed at the head of the write (its first `headBytes`) is in the file. */
  markerWritten: boolean
  /** Log lines not (wholly) in the file: the one torn in the middle, and every one after it. */
  lostLines: number
  /** The file now ends inside a line; null when nothing was written, so its end is as it was. */
  endsMidLine: boolean | null
}

/**
 * A write of run-log lines that failed part way (ENOSPC, EIO): `bytes` were to be appended, the
 * first `headBytes` being a marker owed from an earlier failure, and `doneBytes` reached the file.
 * Pure, so the accounting is tested without a full disk.
 */
export function accountFailedWrite(bytes: Uint8Array, doneBytes: number, headBytes: number): FailedWrite {
  let lostLines = 0
  for (let at = Math.max(doneBytes, headBytes); at < bytes.length; at++) if (bytes[at] === NEWLINE) lostLines++
  return {
    markerWritten: doneBytes >= headBytes,
    lostLines,
    endsMidLine: doneBytes === 0 ? null : bytes[doneBytes - 1] !== NEWLINE,
  }
}

/**
 * The line a run log gets where lines are missing: written before the run's next lines as soon as
 * the disk takes it, and shown by reads in that place until then. Its text is fixed when the first
 * line is lost, so a tail that saw it before it reached the disk reads the same line afterwards;
 * how many were lost is the page's `lostLines`.
 */
export function lostLinesMarker(nowMs: number, reason: string): string {
  return formatLogLine(nowMs, 'jobdesk.executor.RunLogWriter', 0, 'jobdesk', `<br>----------- log lines lost here: they could not be written (${reason})`)
}

/** Lines lost per run (logId), for reads to report; the oldest runs are forgotten beyond LOST_COUNTS_MAX. */
export class LostLineCounts {
  private readonly counts = new Map<number, number>()

  add(logId: number, lines: number): void {
    const count = (this.counts.get(logId) ?? 0) + lines
    this.counts.delete(logId)
    this.counts.set(logId, count)
    if (this.counts.size > LOST_COUNTS_MAX) this.counts.delete(this.counts.keys().next().value!)
  }

  get(logId: number): number {
    return this.counts.get(logId) ?? 0
  }
}

/** A run file's lines with the marker it still owes as one more line, where the writer will put it. */
export function withOwedMarker(lines: FileLines | null, marker: string | null, fromLineNum: number): FileLines | null {
  if (marker === null) return lines
  const total = lines?.totalLines ?? 0
  return { text: Math.max(1, fromLineNum) <= total + 1 ? `${lines?.text ?? ''}${marker}` : '', totalLines: total + 1 }
}

/** A page that says how many of the run's lines are missing from it, when any are. */
export function withLostLines(page: LogPage, lostLines: number): LogPage {
  return lostLines > 0 ? { ...page, lostLines } : page
}
