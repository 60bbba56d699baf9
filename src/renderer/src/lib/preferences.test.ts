import { describe, expect, it } from 'vitest'
import { readPreferences } from './preferences'

describe('readPreferences', () => {
  it('reads stored values', () => {
    expect(readPreferences('{"language":"zh-CN","colorScheme":"dark"}', ['en'])).toEqual({ language: 'zh-CN', colorScheme: 'dark' })
  })

  it('defaults to the browser language and the system scheme', () => {
    expect(readPreferences(null, ['zh-CN'])).toEqual({ language: 'zh-CN', colorScheme: 'auto' })
  })

  it('ignores corrupt or unknown values', () => {
    expect(readPreferences('{not json', ['en'])).toEqual({ language: 'en', colorScheme: 'auto' })
    expect(readPreferences('{"language":"fr","colorScheme":"pink"}', ['en'])).toEqual({ language: 'en', colorScheme: 'auto' })
  })
})
