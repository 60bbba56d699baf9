import { describe, expect, it } from 'vitest'
import { foldUserName, sameUserName } from './user-name'

describe('user names', () => {
  it('fold ASCII letters to lower case and trim the ends', () => {
    expect(foldUserName('  Alice.SMITH@Example.org ')).toBe('alice.smith@example.org')
    expect(sameUserName('Admin', 'admin')).toBe(true)
    expect(sameUserName('ALICE', ' alice')).toBe(true)
  })

  it('leave other characters as they are: no Unicode case rule makes two names one', () => {
    // U+212A KELVIN SIGN lower-cases to "k" in JavaScript; here it stays a different name.
    expect(sameUserName('\u212Aate', 'kate')).toBe(false)
    expect(sameUserName('admİn', 'admin')).toBe(false)
    expect(foldUserName('ZOË')).toBe('zoË')
  })

  it('keep names that differ by more than case apart', () => {
    expect(sameUserName('alice', 'alice2')).toBe(false)
    expect(sameUserName('al ice', 'alice')).toBe(false)
  })
})
