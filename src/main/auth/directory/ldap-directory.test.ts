import { describe, expect, it } from 'vitest'
import { searchVerdict } from './ldap-directory'

describe('what an authenticated user search tells', () => {
  it('one entry is the user', () => {
    expect(searchVerdict(1)).toBe('one')
  })

  it('no entry: the user is gone', () => {
    expect(searchVerdict(0)).toBe('absent')
  })

  it('several entries name nobody, and prove nobody gone', () => {
    expect(searchVerdict(2)).toBe('unproven')
    expect(searchVerdict(3)).toBe('unproven')
  })
})
