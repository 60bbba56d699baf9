import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../kernel/clock'
import { msUntilNextLocalMidnight, runLogRetentionLoop, selectExpiredLogDirs } from './log-retention'

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

describe('runLogRetentionLoop', () => {
  const silent = { debug() {}, info() {}, warn() {}, error() {} }

  async function dirWith(names: string[]): Promise<string> {
    const dir = await mkdtemp(join(tmpdir(), 'jobdesk-retention-'))
    for (const name of names) await mkdir(join(dir, name))
    return dir
  }

  it('cleans at start, then after local midnight with the retention read at that pass', async () => {
    const dir = await dirWith(['2026-10-01', '2026-10-20', '2026-11-20', '2026-11-29', 'gluesource'])
    const clock = new ManualClock(localMs(2026, 11, 30, 9))
    let days = 30
    const expired: string[][] = []
    const stop = new AbortController()
    const loop = runLogRetentionLoop({
      logDir: dir,
      retentionDays: () => days,
      clock,
      logger: silent,
      signal: stop.signal,
      onExpired: (dirs) => expired.push(dirs),
    })
    try {
      await waitForSleeper(clock)
      expect(expired).toEqual([['2026-10-01', '2026-10-20']])
      expect((await readdir(dir)).sort()).toEqual(['2026-11-20', '2026-11-29', 'gluesource'])

      // The operator lowers the retention; nothing happens before midnight…
      days = 5
      await clock.advance(14 * 3600_000)
      expect(expired).toHaveLength(1)
      // …and the pass after midnight (now 1 December) uses the new value.
      await clock.advance(2 * 3600_000)
      await waitForSleeper(clock)
      expect(expired).toEqual([['2026-10-01', '2026-10-20'], ['2026-11-20']])
      expect((await readdir(dir)).sort()).toEqual(['2026-11-29', 'gluesource'])
    } finally {
      stop.abort()
      await loop
      await rm(dir, { recursive: true, force: true })
    }
  })

  it('skips passes while the retention is below 3 days and resumes when it is raised', async () => {
    const dir = await dirWith(['2026-01-01'])
    const clock = new ManualClock(localMs(2026, 11, 30, 9))
    let days = 0
    const stop = new AbortController()
    const loop = runLogRetentionLoop({ logDir: dir, retentionDays: () => days, clock, logger: silent, signal: stop.signal, onExpired() {} })
    try {
      await waitForSleeper(clock)
      expect(await readdir(dir)).toEqual(['2026-01-01'])
      days = 3
      await clock.advance(24 * 3600_000)
      await waitForSleeper(clock)
      expect(await readdir(dir)).toEqual([])
    } finally {
      stop.abort()
      await loop
      await rm(dir, { recursive: true, force: true })
    }
  })
})

/** Lets the loop run until it sleeps again (its pass done); real file I/O takes a few turns. */
async function waitForSleeper(clock: ManualClock): Promise<void> {
  for (let turn = 0; turn < 1000 && clock.sleeperCount === 0; turn++) await new Promise((resolve) => setTimeout(resolve, 1))
  if (clock.sleeperCount === 0) throw new Error('the retention loop never went back to sleep')
}
