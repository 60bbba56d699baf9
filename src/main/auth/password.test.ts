import { describe, expect, it } from 'vitest'
import { DEFAULT_SCRYPT_PARAMS, hashPassword, isBlankPassword, oneTimePassword, verifyPassword } from './password'

describe('scrypt passwords', () => {
  it('verify the password they were made from, with the default memory-hard parameters', async () => {
    const stored = await hashPassword('correct horse battery')
    expect(stored).toMatch(new RegExp(`^scrypt\\$${DEFAULT_SCRYPT_PARAMS.N}\\$8\\$2\\$[A-Za-z0-9+/=]{24}\\$[A-Za-z0-9+/=]{44}$`))
    expect(await verifyPassword('correct horse battery', stored)).toBe(true)
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false)
  })

  it('salt every hash: one password gives two different hashes, both valid', async () => {
    const params = { N: 1024, r: 8, p: 1 }
    const [a, b] = [await hashPassword('same', params), await hashPassword('same', params)]
    expect(a).not.toBe(b)
    expect(await verifyPassword('same', a)).toBe(true)
    expect(await verifyPassword('same', b)).toBe(true)
  })

  it('treat a malformed or absurd stored hash as a mismatch, never an error', async () => {
    for (const stored of ['', 'plain', 'scrypt$1$2$3', 'scrypt$abc$8$1$AAAA$AAAA', 'scrypt$1073741824$8$1$AAAAAAAAAAAAAAAAAAAAAA==$AAAA', 'bcrypt$1$1$1$a$b']) {
      expect(await verifyPassword('x', stored), stored).toBe(false)
    }
  })

  it('make one-time passwords of 24 URL-safe characters', () => {
    expect(oneTimePassword()).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(oneTimePassword()).not.toBe(oneTimePassword())
  })

  it('take a password of nothing but whitespace as blank: it proves nothing, to JobDesk or to a directory', () => {
    for (const blank of ['', ' ', '   ', '\t', '\n\r ', '\u00a0', '\u2003\u3000']) expect(isBlankPassword(blank), JSON.stringify(blank)).toBe(true)
    for (const password of ['x', ' x ', 'correct horse battery', '\u200b']) expect(isBlankPassword(password), JSON.stringify(password)).toBe(false)
  })
})
