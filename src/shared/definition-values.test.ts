import { describe, expect, it } from 'vitest'
import { documentChanges, fieldChange, safeLine, valueText, VALUE_TEXT_MAX_CHARS } from './definition-values'

describe('valueText', () => {
  it.each([
    ['a cron', '0 30 3 * * ?', "'0 30 3 * * ?'"],
    ['quotes and backslashes', "it's C:\\tmp", "'it\\'s C:\\\\tmp'"],
    ['newlines and tabs', '#!/bin/sh\necho\t1\r\n', "'#!/bin/sh\\necho\\t1\\r\\n'"],
    ['a terminal escape', '\u001b[2J\u0007', "'\\u{1b}[2J\\u{7}'"],
    ['bidi and zero-width marks', 'a\u202eb\u200bc\u2028', "'a\\u{202e}b\\u{200b}c\\u{2028}'"],
    ['text beyond ASCII', '元旦', "'元旦'"],
    ['a number', 3600, '3600'],
    ['a boolean', false, 'false'],
    ['a list', ['a@example.com', 'b@example.com'], '["a@example.com","b@example.com"]'],
    ['a list holding a newline and a bidi mark', ['a\nb\u202e'], '["a\\nb\\u{202e}"]'],
    ['null', null, 'null'],
  ])('writes %s as one safe line', (_case, value, text) => {
    expect(valueText(value)).toBe(text)
  })

  it('cuts a long value with "…", inside its quotes, never in the middle of an escape', () => {
    const long = valueText(`${'x'.repeat(76)}\n${'y'.repeat(100)}`)
    expect(long).toBe(`'${'x'.repeat(76)}…'`)
    expect(long.length).toBeLessThanOrEqual(VALUE_TEXT_MAX_CHARS)
    expect(valueText('z'.repeat(VALUE_TEXT_MAX_CHARS - 2))).toBe(`'${'z'.repeat(VALUE_TEXT_MAX_CHARS - 2)}'`)
    const list = valueText(Array.from({ length: 50 }, (_, i) => `job-${i}`))
    expect(list).toMatch(/^\["job-0","job-1",.*…$/)
    expect(list.length).toBe(VALUE_TEXT_MAX_CHARS)
  })
})

describe('documentChanges', () => {
  it('lists each changed path with its values, nested objects walked, a missing value as null', () => {
    const before = { schedule: { cron: '0 30 3 * * ?', timezone: 'UTC' }, retry: { count: 2 }, alarm: { email: ['a@example.com'] }, enabled: true }
    const after = { schedule: { cron: '0 45 3 * * ?', timezone: 'UTC' }, alarm: { email: ['a@example.com', 'b@example.com'] }, enabled: true, param: 'x' }
    expect(documentChanges(before, after)).toEqual([
      { field: 'schedule.cron', before: "'0 30 3 * * ?'", after: "'0 45 3 * * ?'" },
      { field: 'alarm.email', before: '["a@example.com"]', after: '["a@example.com","b@example.com"]' },
      { field: 'param', before: null, after: "'x'" },
      { field: 'retry.count', before: '2', after: null },
    ])
  })

  it('finds nothing in two equal documents', () => {
    const doc = { schedule: { fixedRate: 30 }, pools: [{ name: 'gpu', slots: 2 }] }
    expect(documentChanges(doc, structuredClone(doc))).toEqual([])
    expect(fieldChange('slots', 2, 2)).toEqual([])
  })
})

describe('safeLine', () => {
  it('escapes what a field path from a file could carry, and keeps a value text as it is', () => {
    expect(safeLine('nodes[a\u001b]x]')).toBe('nodes[a\\u{1b}]x]')
    expect(safeLine("'a\\nb'")).toBe("'a\\nb'")
  })
})
