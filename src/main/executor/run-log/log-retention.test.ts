import { describe, expect, it } from 'vitest'
import { msUntilNextLocalMidnight, selectExpiredLogDirs } from './log-retention'

const localMs = (y: number, m: number, d: number, h = 12) => new Date(y, m - 1, d, h).getTime()

describe('selectExpiredLogDirs', () => {
  const names = ['2026-10-30', '2026-10-31', '2026-11-01', '2026-11-30', 'gluesource', 'callbacklogs', '2026-1-1']

  it('selects date folders whose date plus the retention is before today', () => {
    expect(selectExpiredLogDirs(names, localMs(2026, 11, 30), 30)).toEqual(['2026-10-30'])
    expect(selectExpiredLogDirs(names, localMs(2026, 12, 2), 30)).toEqual(['2026-10-30', '2026-10-31', '2026-11-01'])
  })

  it('is disabled below 3 days', () => {
    expect(selectExpiredLogDirs(names, localMs(2027, 6, 1), 2)).toEqual([])
    expect(selectExpiredLogDirs(names, localMs(2027, 6, 1), 3)).toHaveLength(4)
  })
})

describe('msUntilNextLocalMidnight', () => {
  it('counts to the next local 00:00', () => {
    expect(msUntilNextLocalMidnight(localMs(2026, 11, 30, 23))).toBe(3600_000)
    expect(msUntilNextLocalMidnight(new Date(2026, 10, 30, 0, 0, 0).getTime())).toBe(24 * 3600_000)
  })
})
