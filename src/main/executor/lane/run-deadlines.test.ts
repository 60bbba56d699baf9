import { describe, expect, it } from 'vitest'
import { ManualClock } from '../../kernel/clock'
import { DEADLINE_TICK_MS, RunDeadlines } from './run-deadlines'

describe('RunDeadlines', () => {
  it('fires each deadline once, in time order, never early and at most one tick late', async () => {
    const clock = new ManualClock(1_000_000)
    const fired: Array<{ item: string; atMs: number }> = []
    const deadlines = new RunDeadlines<string>(clock, (item) => fired.push({ item, atMs: clock.nowMs() }))
    deadlines.add('c', 1_003_000)
    deadlines.add('a', 1_001_000)
    deadlines.add('b', 1_001_050)
    expect(clock.sleeperCount).toBe(1)
    await clock.advance(999)
    expect(fired).toEqual([])
    await clock.advance(1)
    expect(fired.map((f) => f.item)).toEqual(['a'])
    await clock.advance(5000)
    expect(fired.map((f) => f.item)).toEqual(['a', 'b', 'c'])
    for (const { item, atMs } of fired) {
      const deadlineMs = { a: 1_001_000, b: 1_001_050, c: 1_003_000 }[item]!
      expect(atMs).toBeGreaterThanOrEqual(deadlineMs)
      expect(atMs - deadlineMs).toBeLessThanOrEqual(DEADLINE_TICK_MS)
    }
    expect(deadlines.size).toBe(0)
  })

  it('forgets removed runs and drops its sleep when none is left', async () => {
    const clock = new ManualClock(0)
    const fired: string[] = []
    const deadlines = new RunDeadlines<string>(clock, (item) => fired.push(item))
    const keyA = deadlines.add('a', 500)
    const keyB = deadlines.add('b', 500)
    deadlines.remove('a', keyA)
    await clock.advance(1000)
    expect(fired).toEqual(['b'])
    const keyC = deadlines.add('c', 5000)
    deadlines.remove('c', keyC)
    deadlines.remove('b', keyB)
    expect(clock.sleeperCount).toBe(0)
    await clock.advance(10_000)
    expect(fired).toEqual(['b'])
  })

  it('re-arms for an earlier deadline added later, and for deadlines added while firing', async () => {
    const clock = new ManualClock(0)
    const fired: string[] = []
    const deadlines: RunDeadlines<string> = new RunDeadlines<string>(clock, (item) => {
      fired.push(item)
      if (item === 'early') deadlines.add('chained', clock.nowMs() + 300)
    })
    deadlines.add('late', 10_000)
    deadlines.add('early', 200)
    await clock.advance(200)
    expect(fired).toEqual(['early'])
    await clock.advance(300)
    expect(fired).toEqual(['early', 'chained'])
    await clock.advance(10_000)
    expect(fired).toEqual(['early', 'chained', 'late'])
  })
})
