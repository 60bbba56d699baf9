import { describe, expect, it } from 'vitest'
import { describeCron, describeSchedule } from './describe-schedule'

describe('describeCron', () => {
  it('reads the first field as seconds', () => {
    expect(describeCron('0/2 * * * * ?', 'en')).toBe('Every 2 seconds')
  })

  it('numbers weekdays the Quartz way (6 = Friday)', () => {
    expect(describeCron('0 15 10 ? * 6#3', 'en')).toContain('third Friday')
  })

  it('describes in Simplified Chinese', () => {
    expect(describeCron('0 0 12 ? * 2-6', 'zh-CN')).toContain('星期一至星期五')
  })

  it('returns null for what it cannot read', () => {
    expect(describeCron('0 0 25 * * ?', 'en')).toBeNull()
    expect(describeCron('   ', 'en')).toBeNull()
  })
})

describe('describeSchedule', () => {
  it('describes only CRON schedules', () => {
    expect(describeSchedule('FIX_RATE', '10', 'en')).toBeNull()
    expect(describeSchedule('CRON', '0 0 0 * * ?', 'en')).toBe('At 00:00')
  })
})
