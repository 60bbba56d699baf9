import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RunLogRequest } from '../../../../shared/api'
import type { LogPage } from '../../../../shared/model'
import { setClient } from '../../api/client'
import { fakeClient } from '../../api/fake-client'
import { useJobDesk } from '../index'
import { LOG_PAGE_LINES } from './action'

/** A run log the fake core serves: every line from `fromLineNum`, like the executor's `/log`. */
function fakeCore(lines: string[]) {
  let release: (() => void) | null = null
  const core = {
    lines,
    /** When set, the next read waits until `releaseRead()` (to model a read in flight). */
    holdNextRead: false,
    releaseRead: () => release?.(),
    getRunLog: vi.fn(async ({ fromLineNum, maxLines }: RunLogRequest): Promise<LogPage> => {
      if (core.holdNextRead) {
        core.holdNextRead = false
        await new Promise<void>((done) => (release = done))
      }
      // As the core does: at most maxLines lines per page, the rest with the next read.
      return page(fromLineNum, core.lines.slice(fromLineNum - 1, fromLineNum - 1 + (maxLines ?? 5000)))
    }),
    watchRunLog: vi.fn(async () => {}),
    unwatchRunLog: vi.fn(async () => {}),
  }
  setClient(fakeClient(core))
  return core
}

function page(fromLineNum: number, lines: string[]): LogPage {
  return {
    fromLineNum,
    toLineNum: lines.length === 0 ? 0 : fromLineNum + lines.length - 1,
    logContent: lines.map((line) => `${line}\n`).join(''),
    isEnd: false,
  }
}

const texts = (logId: number) => useJobDesk.getState().runLogs[logId]?.buffer.rows.map((row) => `${row.lineNum}:${row.text}`)

afterEach(() => {
  for (const id of Object.keys(useJobDesk.getState().runLogs)) useJobDesk.getState().closeRunLog(Number(id))
  setClient(null)
})

describe('the run-log slice', () => {
  it('reads a log from line 1 on open, then asks the core to watch it from the next line', async () => {
    const core = fakeCore(['a', 'b'])
    useJobDesk.getState().openRunLog(5)
    await vi.waitFor(() => expect(core.watchRunLog).toHaveBeenCalledWith(5, 3))
    expect(core.getRunLog).toHaveBeenCalledWith({ logId: 5, fromLineNum: 1, maxLines: LOG_PAGE_LINES })
    expect(texts(5)).toEqual(['1:a', '2:b'])
  })

  it('appends pushed lines that continue the log without reading again', async () => {
    const core = fakeCore(['a'])
    useJobDesk.getState().openRunLog(5)
    await vi.waitFor(() => expect(core.watchRunLog).toHaveBeenCalled())
    // Opening read the log and checked once for its end (a short first page); nothing more after the push.
    expect(core.getRunLog).toHaveBeenCalledTimes(2)
    useJobDesk.getState().applyRunLogPage(5, page(1, ['a', 'b', 'c']))
    expect(texts(5)).toEqual(['1:a', '2:b', '3:c'])
    expect(core.getRunLog).toHaveBeenCalledTimes(2)
  })

  it('reads the missing lines when a pushed page leaves a gap', async () => {
    const core = fakeCore(['a'])
    useJobDesk.getState().openRunLog(5)
    await vi.waitFor(() => expect(core.watchRunLog).toHaveBeenCalled())
    core.lines.push('b', 'c', 'd')
    useJobDesk.getState().applyRunLogPage(5, page(4, ['d']))
    await vi.waitFor(() => expect(texts(5)).toEqual(['1:a', '2:b', '3:c', '4:d']))
    expect(core.getRunLog).toHaveBeenCalledWith({ logId: 5, fromLineNum: 2, maxLines: LOG_PAGE_LINES })
  })

  it('catches lines pushed while the first read is in flight', async () => {
    const core = fakeCore(['a'])
    core.holdNextRead = true
    useJobDesk.getState().openRunLog(5)
    await vi.waitFor(() => expect(core.getRunLog).toHaveBeenCalledTimes(1))
    core.lines.push('b')
    useJobDesk.getState().applyRunLogPage(5, page(2, ['b']))
    core.releaseRead()
    await vi.waitFor(() => expect(texts(5)).toEqual(['1:a', '2:b']))
    expect(core.getRunLog).toHaveBeenCalledTimes(2)
  })

  it('reads a log longer than one page page by page until the last line', async () => {
    const total = LOG_PAGE_LINES * 2 + 3
    const core = fakeCore(Array.from({ length: total }, (_, i) => `line ${i + 1}`))
    const catchingUp: boolean[] = []
    const stopWatching = useJobDesk.subscribe((state) => {
      const entry = state.runLogs[5]
      if (entry && !entry.loading) catchingUp.push(entry.catchingUp)
    })
    useJobDesk.getState().openRunLog(5)
    await vi.waitFor(() => expect(useJobDesk.getState().runLogs[5]?.buffer.lastLineNum).toBe(total))
    stopWatching()
    // After each full page the view knows more is coming (it says loading, not ended); then it is caught up.
    expect(catchingUp.slice(0, 2)).toEqual([true, true])
    expect(useJobDesk.getState().runLogs[5]?.catchingUp).toBe(false)
    // Two full pages, the short last one, then one read past the end (nothing new).
    expect(core.getRunLog.mock.calls.map(([request]) => request.fromLineNum)).toEqual([1, LOG_PAGE_LINES + 1, LOG_PAGE_LINES * 2 + 1, total + 1])
    expect(texts(5)!.at(-1)).toBe(`${total}:line ${total}`)
  })

  it('learns that a finished run’s log ended from one more read after a short page, without waiting for the poll', async () => {
    const core = fakeCore(['a', 'b'])
    // As the executor answers for a finished run: isEnd once nothing is left after fromLineNum.
    core.getRunLog.mockImplementation(async ({ fromLineNum }: RunLogRequest) => ({
      ...page(fromLineNum, core.lines.slice(fromLineNum - 1)),
      isEnd: fromLineNum > core.lines.length,
    }))
    useJobDesk.getState().openRunLog(6)
    await vi.waitFor(() => expect(useJobDesk.getState().runLogs[6]?.isEnd).toBe(true))
    expect(core.getRunLog).toHaveBeenCalledTimes(2)
    expect(core.watchRunLog).not.toHaveBeenCalled()
  })

  it('keeps the log while another view has it open, and unwatches when the last one closes', async () => {
    const core = fakeCore(['a'])
    useJobDesk.getState().openRunLog(5)
    useJobDesk.getState().openRunLog(5)
    await vi.waitFor(() => expect(core.watchRunLog).toHaveBeenCalledTimes(1))
    useJobDesk.getState().closeRunLog(5)
    expect(texts(5)).toEqual(['1:a'])
    useJobDesk.getState().closeRunLog(5)
    expect(texts(5)).toBeUndefined()
    expect(core.unwatchRunLog).toHaveBeenCalledWith(5)
  })
})
