import { describe, expect, it } from 'vitest'
import { en } from './en'
import { zhCN } from './zh-cn'
import { detectLanguage, translate } from './dictionary'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('translate', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'jobs.count', { shown: 3, total: 10 })).toBe('3 of 10 jobs')
    expect(translate('zh-CN', 'jobs.count', { shown: 3 })).toBe('显示 3 / 共 {total} 个任务')
  })
})

describe('the dictionaries', () => {
  it('use the same placeholders for every key', () => {
    const mismatched = (Object.keys(en) as (keyof typeof en)[]).filter((key) => placeholders(en[key]).join() !== placeholders(zhCN[key]).join())
    expect(mismatched).toEqual([])
  })
})

describe('detectLanguage', () => {
  it('picks Chinese for any zh tag and English otherwise', () => {
    expect(detectLanguage(['zh-TW', 'en'])).toBe('zh-CN')
    expect(detectLanguage(['de-DE', 'en-US'])).toBe('en')
  })
})
