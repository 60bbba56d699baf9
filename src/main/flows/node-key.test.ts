import { describe, expect, it } from 'vitest'
import { FLOW_NODE_KEY_PATTERN } from '../../shared/flow-types'
import { keyFromName } from './node-key'

const none = new Set<string>()

describe('keyFromName', () => {
  it('makes a lowercase key of words joined by dashes', () => {
    expect(keyFromName('Nightly Export (EU)', 1, none)).toBe('nightly-export-eu')
    expect(keyFromName('  load_orders  ', 1, none)).toBe('load_orders')
    expect(keyFromName('a - b', 1, none)).toBe('a-b')
    expect(keyFromName('Café Crème', 1, none)).toBe('cafe-creme')
  })

  it('gives a name with no letters left its job id, and puts job- before a leading digit', () => {
    expect(keyFromName('数据同步', 17, none)).toBe('job-17')
    expect(keyFromName('***', 3, none)).toBe('job-3')
    expect(keyFromName('2fa reset', 1, none)).toBe('job-2fa-reset')
    expect(keyFromName('_private', 1, none)).toBe('private')
  })

  it('keeps keys within 64 characters, suffix included', () => {
    const long = keyFromName('x'.repeat(80), 1, none)
    expect(long).toBe('x'.repeat(64))
    expect(keyFromName('x'.repeat(80), 2, new Set([long]))).toBe(`${'x'.repeat(62)}-2`)
    expect(keyFromName(`${'a'.repeat(63)} b`, 1, none)).toBe('a'.repeat(63))
  })

  it('numbers repeats -2, -3, … past every key taken', () => {
    expect(keyFromName('Load', 1, new Set(['load']))).toBe('load-2')
    expect(keyFromName('Load', 1, new Set(['load', 'load-2']))).toBe('load-3')
  })

  it('always meets the key pattern', () => {
    for (const name of ['', ' ', '-', 'Ω', 'a'.repeat(200), '9', 'x__--__y', 'ÄÖÜ äöü ß', 'tab\there', '😀 party']) {
      expect(keyFromName(name, 42, none), JSON.stringify(name)).toMatch(FLOW_NODE_KEY_PATTERN)
    }
  })
})
