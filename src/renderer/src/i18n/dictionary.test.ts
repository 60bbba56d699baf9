import { describe, expect, it } from 'vitest'
import { en } from './en'
import { zhCN } from './zh-cn'
import { detectLanguage, translate } from './dictionary'
import { namesSomething } from './count-format'

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort()

describe('translate', () => {
  it('fills placeholders and leaves unknown ones visible', () => {
    expect(translate('en', 'jobs.count', { total: 10 })).toBe('10 jobs')
    expect(translate('zh-CN', 'jobs.count', {})).toBe('共 {total} 个任务')
  })
})

describe('numbers in placeholders', () => {
  it('are counts, grouped as the language writes them, in every message', () => {
    expect(translate('en', 'jobs.count', { total: 100_003 })).toBe('100,003 jobs')
    expect(translate('zh-CN', 'jobs.count', { total: 100_003 })).toBe('共 100,003 个任务')
    expect(translate('en', 'dag.noLinks', { n: 100_003 })).toMatch(/^No child links yet: 100,003 jobs, none linked\./)
    // The plural is chosen from the number, not from its text.
    expect(translate('en', 'runs.newer', { n: 1_000 })).toBe('1,000 newer runs ↑')
  })

  it('stay as they are where they name something: an id, a port', () => {
    expect(translate('en', 'run.title', { id: 100_003 })).toBe('Run 100003')
    expect(namesSomething('jobId')).toBe(true)
    expect(namesSomething('port')).toBe(true)
    expect(namesSomething('total')).toBe(false)
    expect(translate('en', 'trigger.openRun', { id: 12_345 })).toContain('12345')
  })

  it('leave text as it is, digits and all', () => {
    expect(translate('en', 'jobs.count', { total: '100003' })).toBe('100003 jobs')
  })
})

describe('plural choices', () => {
  it('take the form of the number’s category in the language, and Chinese its one form', () => {
    expect(translate('en', 'runs.newer', { n: 1 })).toBe('1 newer run ↑')
    expect(translate('en', 'runs.newer', { n: 3 })).toBe('3 newer runs ↑')
    expect(translate('en', 'runs.newer', { n: 0 })).toBe('0 newer runs ↑')
    expect(translate('en', 'dashboard.ringSize', { n: 1 })).toBe('Time ring: 1 pending fire')
    expect(translate('zh-CN', 'runs.newer', { n: 1 })).toBe(translate('zh-CN', 'runs.newer', { n: 5 }).replace('5', '1'))
  })

  it('are only in English, where the words change; Chinese has none to choose', () => {
    const choices = (text: string) => [...text.matchAll(/\{(\w+)\|[^}]*\}/g)].map((m) => m[1])
    const english = (Object.keys(en) as (keyof typeof en)[]).filter((key) => choices(en[key]).length > 0)
    expect(english.length).toBeGreaterThanOrEqual(10)
    for (const key of english)
      expect(
        choices(en[key]).every((name) => placeholders(en[key]).includes(name)),
        key,
      ).toBe(true)
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
