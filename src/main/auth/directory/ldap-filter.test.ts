import { describe, expect, it } from 'vitest'
import { escapeFilterValue, fillFilter } from './ldap-filter'

describe('LDAP filter values (RFC 4515)', () => {
  it('escapes every character that could end or widen the filter', () => {
    expect(escapeFilterValue('*)(uid=*')).toBe('\\2a\\29\\28uid=\\2a')
    expect(escapeFilterValue('a\\b\0c')).toBe('a\\5cb\\00c')
    expect(escapeFilterValue('zoë.o-k@x')).toBe('zoë.o-k@x')
  })

  it('fills only the named placeholders, each escaped', () => {
    expect(fillFilter('(&(objectClass=person)(uid={{username}}))', { username: 'a*' })).toBe('(&(objectClass=person)(uid=a\\2a))')
    expect(fillFilter('(member={{dn}})', { dn: 'uid=a\\2Cb,dc=x' })).toBe('(member=uid=a\\5c2Cb,dc=x)')
    expect(fillFilter('(x={{other}})', { username: 'a' })).toBe('(x={{other}})')
  })
})
