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

describe('describeBusinessDays', () => {
  it('names the business days of the month and the time, in English and Chinese', () => {
    expect(describeSchedule('BUSINESS_DAY', 'BD1 09:00', 'en')).toBe('At 09:00 on the 1st business day of the month')
    expect(describeSchedule('BUSINESS_DAY', 'BD3,BD-1,BD-2,BD11 18:30', 'en')).toBe(
      'At 18:30 on the 3rd and the last and the 2nd-last and the 11th business day of the month',
    )
    expect(describeSchedule('BUSINESS_DAY', 'BD1,BD-1 09:00', 'zh-CN')).toBe('每月第 1 个、最后一个工作日 09:00')
  })

  it('leaves what is not that shape to the core', () => {
    expect(describeSchedule('BUSINESS_DAY', 'BD0 09:00', 'en')).toBeNull()
    expect(describeSchedule('BUSINESS_DAY', 'first monday', 'en')).toBeNull()
  })
})
