import { describe, expect, it } from 'vitest'
import type { LogPage } from '../../../../shared/model'
import { EMPTY_LOG, mergeLogPage, pageLines, toLogRows } from './log-lines'

const page = (fromLineNum: number, lines: string[], isEnd = false): LogPage => ({
  fromLineNum,
  toLineNum: lines.length === 0 ? 0 : fromLineNum + lines.length - 1,
  logContent: lines.map((l) => `${l}\n`).join(''),
  isEnd,
})

describe('pageLines', () => {
  it('returns one entry per line of the page range, dropping the trailing newline', () => {
    expect(pageLines(page(3, ['a', 'b', 'c']))).toEqual(['a', 'b', 'c'])
  })

  it('returns nothing for a page that says it has no new lines, whatever its text', () => {
    expect(pageLines({ fromLineNum: 1, toLineNum: 0, logContent: 'readLog fail, logFile not exists', isEnd: true })).toEqual([])
  })

  it('keeps the numbering exact when the content has fewer lines than the range', () => {
    expect(pageLines({ fromLineNum: 1, toLineNum: 3, logContent: 'only one', isEnd: false })).toEqual(['only one', '', ''])
  })

  it('strips a carriage return before the newline', () => {
    expect(pageLines({ fromLineNum: 1, toLineNum: 2, logContent: 'x\r\ny\r\n', isEnd: false })).toEqual(['x', 'y'])
  })
})

describe('toLogRows', () => {
  it('splits an XXL-JOB framework line at its <br> markers into continuation rows of the same line', () => {
    const line = '2026-11-30 04:50:04 [JobThread#run]-[133]-[t] <br>----------- xxl-job job execute start -----------<br>----------- Param:hello'
    expect(toLogRows([line, 'plain'], 7)).toEqual([
      { lineNum: 7, text: '2026-11-30 04:50:04 [JobThread#run]-[133]-[t] ', continued: false, prefixEnd: 46 },
      { lineNum: 7, text: '----------- xxl-job job execute start -----------', continued: true, prefixEnd: 0 },
      { lineNum: 7, text: '----------- Param:hello', continued: true, prefixEnd: 0 },
      { lineNum: 8, text: 'plain', continued: false, prefixEnd: 0 },
    ])
  })

  it('keeps other markup as literal text', () => {
    expect(toLogRows(['<b>bold</b> <script>x</script>'], 1)[0].text).toBe('<b>bold</b> <script>x</script>')
  })
})

describe('mergeLogPage', () => {
  it('appends a page that continues the buffer', () => {
    const first = mergeLogPage(EMPTY_LOG, page(1, ['a', 'b']))
    const second = mergeLogPage(first.buffer, page(3, ['c']))
    expect(second.gapFromLineNum).toBeNull()
    expect(second.buffer.lastLineNum).toBe(3)
    expect(second.buffer.rows.map((r) => r.text)).toEqual(['a', 'b', 'c'])
  })

  it('skips the lines it already holds when a watch replays from line 1', () => {
    const held = mergeLogPage(EMPTY_LOG, page(1, ['a', 'b'])).buffer
    const merged = mergeLogPage(held, page(1, ['a', 'b', 'c', 'd']))
    expect(merged.buffer.rows.map((r) => `${r.lineNum}:${r.text}`)).toEqual(['1:a', '2:b', '3:c', '4:d'])
  })

  it('leaves the buffer unchanged for a page of old lines only', () => {
    const held = mergeLogPage(EMPTY_LOG, page(1, ['a', 'b', 'c'])).buffer
    const merged = mergeLogPage(held, page(2, ['b']))
    expect(merged.buffer).toBe(held)
    expect(merged.gapFromLineNum).toBeNull()
  })

  it('reports a gap instead of applying a page that starts beyond the next line', () => {
    const held = mergeLogPage(EMPTY_LOG, page(1, ['a', 'b'])).buffer
    const merged = mergeLogPage(held, page(5, ['e', 'f']))
    expect(merged.gapFromLineNum).toBe(3)
    expect(merged.buffer).toBe(held)
  })

  it('ignores an empty page', () => {
    const merged = mergeLogPage(EMPTY_LOG, { fromLineNum: 1, toLineNum: 0, logContent: '', isEnd: false })
    expect(merged).toEqual({ buffer: EMPTY_LOG, gapFromLineNum: null })
  })
})
