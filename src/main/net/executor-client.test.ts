import { describe, expect, it } from 'vitest'
import { joinAddress } from './executor-client'

describe('joinAddress', () => {
  it('puts exactly one slash between address and method', () => {
    expect(joinAddress('http://127.0.0.1:9999/', 'run')).toBe('http://127.0.0.1:9999/run')
    expect(joinAddress('http://127.0.0.1:9999', 'run')).toBe('http://127.0.0.1:9999/run')
    expect(joinAddress('http://127.0.0.1:9999//', '/run')).toBe('http://127.0.0.1:9999/run')
  })

  it('keeps a path prefix, with or without a trailing slash', () => {
    expect(joinAddress('http://127.0.0.1:19996/job', 'beat')).toBe('http://127.0.0.1:19996/job/beat')
    expect(joinAddress('http://127.0.0.1:19996/job/', 'beat')).toBe('http://127.0.0.1:19996/job/beat')
  })

  it('reads an address without a scheme as http and ignores surrounding blanks', () => {
    expect(joinAddress(' 10.0.0.5:9999 ', 'kill')).toBe('http://10.0.0.5:9999/kill')
    expect(joinAddress('https://exec.lan/', 'log')).toBe('https://exec.lan/log')
  })
})
