import type { JobDeskApi } from '../../shared/api'

/** Lines read per page while looking for a log's end: the API's own default page. */
const PAGE_LINES = 5000
/** A tail reads at most this many pages (100,000 lines); a longer log's tail is the last of those. */
const MAX_PAGES = 20

export interface LogLines {
  /** The 1-based number of the first line given. */
  fromLine: number
  lines: string[]
  /** The log has no more lines (yet: a run still going writes more). */
  atEnd: boolean
}

function splitLines(text: string): string[] {
  if (text === '') return []
  const lines = text.split('\n')
  if (lines[lines.length - 1] === '') lines.pop()
  return lines
}

/** `count` lines of a run's log from line `fromLine` (1-based). */
export async function logPage(api: Pick<JobDeskApi, 'getRunLog'>, runId: number, fromLine: number, count: number): Promise<LogLines> {
  const page = await api.getRunLog({ logId: runId, fromLineNum: fromLine, maxLines: count })
  return { fromLine: page.fromLineNum, lines: splitLines(page.logContent), atEnd: page.isEnd }
}

/** The last `count` lines of a run's log, read page by page to its end (bounded: MAX_PAGES). */
export async function logTail(api: Pick<JobDeskApi, 'getRunLog'>, runId: number, count: number): Promise<LogLines> {
  let kept: string[] = []
  let next = 1
  let atEnd = false
  for (let page = 0; page < MAX_PAGES && !atEnd; page++) {
    const read = await logPage(api, runId, next, PAGE_LINES)
    kept = [...kept, ...read.lines].slice(-count)
    atEnd = read.atEnd || read.lines.length === 0
    next = read.fromLine + read.lines.length
  }
  return { fromLine: Math.max(1, next - kept.length), lines: kept, atEnd }
}
