import { describe, expect, it } from 'vitest'
import { searchVerdict } from './ldap-directory'

describe('what a user search tells', () => {
  it('one entry is the user, whoever searched', () => {
    expect(searchVerdict(1, true)).toBe('one')
    expect(searchVerdict(1, false)).toBe('one')
  })

  it('no entry says the user is gone only when the search was authenticated', () => {
    expect(searchVerdict(0, true)).toBe('absent')
    // An anonymous search may find nothing because the anonymous may not look.
    expect(searchVerdict(0, false)).toBe('unproven')
  })

  it('several entries name nobody, and prove nobody gone', () => {
    expect(searchVerdict(2, true)).toBe('unproven')
    expect(searchVerdict(2, false)).toBe('unproven')
  })
})
