import { describe, expect, it, vi } from 'vitest'
import { ValidationError } from '../../shared/errors'
import { CronCache, cronCache, DEFAULT_CRON_CACHE_ENTRIES } from './cron-cache'
import { cronNextFireMs } from './cron'

const at = (iso: string): number => Date.parse(iso)

describe('CronCache', () => {
  it('returns the same parsed entry for the same expression and zone, and another for another zone', () => {
    const cache = new CronCache(8)
    const berlin = cache.get('0 15 10 ? * 6#3', 'Europe/Berlin')
    cache.get('0 0 * * * ?', 'Europe/Berlin')
    expect(cache.get('0 15 10 ? * 6#3', 'Europe/Berlin')).toBe(berlin)
    expect(cache.get('0 15 10 ? * 6#3', 'Europe/Berlin').wall).toBe(berlin.wall)
    const tokyo = cache.get('0 15 10 ? * 6#3', 'Asia/Tokyo')
    expect(tokyo).not.toBe(berlin)
    expect(cache.size).toBe(3)
  })

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = new CronCache(3)
    const first = cache.get('1 * * * * ?', 'UTC')
    const second = cache.get('2 * * * * ?', 'UTC')
    cache.get('3 * * * * ?', 'UTC')
    cache.get('1 * * * * ?', 'UTC') // touch: now the second is the oldest
    cache.get('4 * * * * ?', 'UTC')
    expect(cache.size).toBe(3)
    expect(cache.get('1 * * * * ?', 'UTC')).toBe(first)
    expect(cache.get('2 * * * * ?', 'UTC')).not.toBe(second)
    for (let i = 5; i < 40; i++) cache.get(`${i} * * * * ?`, 'UTC')
    expect(cache.size).toBe(3)
  })

  it('caches nothing for an invalid expression or zone', () => {
    const cache = new CronCache(4)
    expect(() => cache.get('0 0 25 * * ?', 'UTC')).toThrow(ValidationError)
    expect(() => cache.get('0 0 1 * * ?', 'Mars/Olympus')).toThrow(ValidationError)
    expect(cache.size).toBe(0)
  })

  it('shares one bounded process-wide cache', () => {
    expect(cronCache.maxEntries).toBe(DEFAULT_CRON_CACHE_ENTRIES)
    expect(cronCache.get('0 0 6 * * ?', 'Europe/Berlin')).toBe(cronCache.get('0 0 6 * * ?', 'Europe/Berlin'))
    expect(() => new CronCache(0)).toThrow(RangeError)
  })
})

describe('the next-fire memo', () => {
  it('answers 10,000 jobs asking the same question with one croner evaluation', () => {
    const cache = new CronCache(4)
    const entry = cache.get('* * * * * ?', 'Europe/Berlin')
    const nextRun = vi.spyOn(entry.wall, 'nextRun')
    const fromMs = at('2026-06-01T10:00:00.250Z')
    const answers = new Set<number | null>()
    for (let job = 0; job < 10_000; job++) answers.add(cronNextFireMs('* * * * * ?', 'Europe/Berlin', fromMs, cache))
    expect([...answers]).toEqual([at('2026-06-01T10:00:01Z')])
    expect(nextRun).toHaveBeenCalledTimes(1)
  })

  it('answers the chain each job walks through the 5-s pre-read window from the memo after the first job', () => {
    const cache = new CronCache(4)
    const entry = cache.get('* * * * * ?', 'Europe/Berlin')
    const nextRun = vi.spyOn(entry.wall, 'nextRun')
    const startMs = at('2026-06-01T10:00:00Z')
    for (let job = 0; job < 1_000; job++) {
      let fromMs = startMs
      const chain: number[] = []
      for (let fire = 0; fire < 6; fire++) {
        fromMs = cronNextFireMs('* * * * * ?', 'Europe/Berlin', fromMs, cache)!
        chain.push(fromMs)
      }
      expect(chain).toEqual([1, 2, 3, 4, 5, 6].map((sec) => startMs + sec * 1000))
    }
    expect(nextRun).toHaveBeenCalledTimes(6)
  })

  it('gives the right answer for every millisecond of a second and recomputes for the next second', () => {
    const cache = new CronCache(4)
    const start = at('2026-06-01T10:00:00Z')
    for (const offsetMs of [0, 1, 500, 999]) {
      expect(cronNextFireMs('* * * * * ?', 'UTC', start + offsetMs, cache)).toBe(start + 1000)
    }
    expect(cronNextFireMs('* * * * * ?', 'UTC', start + 1000, cache)).toBe(start + 2000)
    expect(cronNextFireMs('* * * * * ?', 'UTC', start, cache)).toBe(start + 1000)
  })

  it('is kept per expression and zone, so alternating queries do not mix answers', () => {
    const cache = new CronCache(4)
    const fromMs = at('2026-01-10T00:00:00Z')
    for (let round = 0; round < 3; round++) {
      expect(cronNextFireMs('0 0 9 * * ?', 'Europe/Berlin', fromMs, cache)).toBe(at('2026-01-10T08:00:00Z'))
      expect(cronNextFireMs('0 0 9 * * ?', 'Asia/Tokyo', fromMs, cache)).toBe(at('2026-01-11T00:00:00Z'))
      expect(cronNextFireMs('0 0 10 * * ?', 'Europe/Berlin', fromMs, cache)).toBe(at('2026-01-10T09:00:00Z'))
    }
  })
})
