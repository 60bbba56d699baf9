import type { LogPage } from '../../shared/model'

/**
 * A page of a stored log text with the executor's numbering (docs/protocol.md#run-log-files): physical lines from 1,
 * every line from `fromLineNum` on, `toLineNum` 0 when there is none.
 */
export function pageOfText(text: string, fromLineNum: number, isEnd: boolean): LogPage {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n')
  const total = text === '' ? 0 : lines.length
  const first = Math.max(1, fromLineNum)
  if (first > total) return { fromLineNum, toLineNum: 0, logContent: '', isEnd }
  return { fromLineNum, toLineNum: total, logContent: `${lines.slice(first - 1).join('\n')}\n`, isEnd }
}
