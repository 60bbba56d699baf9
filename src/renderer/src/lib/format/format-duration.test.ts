import { describe, expect, it } from 'vitest'
import { formatAgo, formatDuration } from './format-duration'

describe('formatDuration', () => {
  it('says a duration in English with at most two units, the larger first', () => {
    expect(formatDuration(850, 'en')).toBe('850 ms')
    expect(formatDuration(1.24, 'en')).toBe('1.2 ms')
    expect(formatDuration(12_400, 'en')).toBe('12 sec')
    expect(formatDuration(103_000, 'en')).toBe('1 min 43 sec')
    expect(formatDuration(120_000, 'en')).toBe('2 min')
    expect(formatDuration(3 * 3_600_000 + 120_000 + 5000, 'en')).toBe('3 hr 2 min')
    expect(formatDuration(53 * 3_600_000, 'en')).toBe('2 days 5 hr')
  })

  it('says the same durations in Chinese units, without spaces', () => {
    expect(formatDuration(6, 'zh-CN')).toBe('6毫秒')
    expect(formatDuration(8000, 'zh-CN')).toBe('8秒')
    expect(formatDuration(103_000, 'zh-CN')).toBe('1分钟43秒')
    expect(formatDuration(3 * 3_600_000 + 120_000, 'zh-CN')).toBe('3小时2分钟')
  })

  it('reads a negative or missing length as none', () => {
    expect(formatDuration(-5, 'en')).toBe('0 ms')
    expect(formatDuration(Number.NaN, 'zh-CN')).toBe('0毫秒')
  })
})

describe('formatAgo', () => {
  it('says how long ago in the largest whole unit', () => {
    expect(formatAgo(8400, 'en')).toBe('8 sec. ago')
    expect(formatAgo(103_000, 'en')).toBe('1 min. ago')
    expect(formatAgo(8400, 'zh-CN')).toBe('8秒前')
    expect(formatAgo(103_000, 'zh-CN')).toBe('1分钟前')
    expect(formatAgo(2 * 86_400_000 + 5, 'zh-CN')).toBe('2天前')
  })

  it('says a moment in the future or under a second as no time ago', () => {
    expect(formatAgo(-3000, 'en')).toBe('0 sec. ago')
    expect(formatAgo(300, 'zh-CN')).toBe('0秒前')
  })

  it('keeps tenths of a second when asked, for heartbeats', () => {
    expect(formatAgo(340, 'en', 1)).toBe('0.3 sec. ago')
    expect(formatAgo(1270, 'zh-CN', 1)).toBe('1.2秒前')
    expect(formatAgo(125_000, 'zh-CN', 1)).toBe('2分钟前')
  })
})
