import { describe, expect, it } from 'vitest'
import { readPreferences } from './preferences'
import { DEFAULT_RUN_COLUMN_WIDTHS } from '../runs/runs-layout'

const layout = { runsListPx: null, runColumns: DEFAULT_RUN_COLUMN_WIDTHS, runHeaderCollapsed: false }

describe('readPreferences', () => {
  it('reads stored values', () => {
    expect(readPreferences('{"language":"zh-CN","colorScheme":"dark"}', ['en'])).toEqual({ language: 'zh-CN', colorScheme: 'dark', ...layout })
  })

  it('defaults to the browser language and the system scheme', () => {
    expect(readPreferences(null, ['zh-CN'])).toEqual({ language: 'zh-CN', colorScheme: 'auto', ...layout })
  })

  it('ignores corrupt or unknown values', () => {
    expect(readPreferences('{not json', ['en'])).toEqual({ language: 'en', colorScheme: 'auto', ...layout })
    expect(readPreferences('{"language":"fr","colorScheme":"pink","runsListPx":"wide"}', ['en'])).toEqual({ language: 'en', colorScheme: 'auto', ...layout })
  })

  it('reads the runs page layout the operator set', () => {
    const stored = JSON.stringify({ runsListPx: 640.2, runColumns: { job: 320 } })
    expect(readPreferences(stored, ['en'])).toMatchObject({ runsListPx: 640, runColumns: { ...DEFAULT_RUN_COLUMN_WIDTHS, job: 320 } })
    expect(readPreferences('{"runHeaderCollapsed":true}', ['en']).runHeaderCollapsed).toBe(true)
    expect(readPreferences('{"runHeaderCollapsed":"yes"}', ['en']).runHeaderCollapsed).toBe(false)
  })
})
