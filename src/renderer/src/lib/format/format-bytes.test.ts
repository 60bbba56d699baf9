import { describe, expect, it } from 'vitest'
import { formatBytes } from './format-bytes'

describe('formatBytes', () => {
  it('says a cut output in binary units, one decimal, none when whole', () => {
    expect(formatBytes(4096)).toBe('4 KiB')
    expect(formatBytes(12_595)).toBe('12.3 KiB')
    expect(formatBytes(900)).toBe('900 B')
    expect(formatBytes(1024 * 1024 * 1.5)).toBe('1.5 MiB')
    expect(formatBytes(1023 * 1024 + 1000)).toBe('1 MiB')
  })
})
