import { describe, expect, it } from 'vitest'
import { MASK, maskerFor, NO_MASK, StreamMasker } from './mask'

const SECRET = 'p@ss w/rd"+=1'
const b64 = Buffer.from(SECRET).toString('base64')

describe('maskerFor', () => {
  it.each([
    ['the exact value', `pw=${SECRET};`, `pw=${MASK};`],
    ['its base64', `auth ${b64}`, `auth ${MASK}`],
    ['its base64 without padding', `x${b64.replace(/=+$/, '')}y`, `x${MASK}y`],
    ['its base64url', `t=${Buffer.from(SECRET).toString('base64url')}`, `t=${MASK}`],
    ['its URL encoding', `?p=${encodeURIComponent(SECRET)}&q=1`, `?p=${MASK}&q=1`],
    ['its form encoding', `?${new URLSearchParams({ p: SECRET }).toString()}`, `?p=${MASK}`],
    ['its JSON escaping', JSON.stringify({ p: SECRET }), `{"p":"${MASK}"}`],
    ['every occurrence', `${SECRET} and ${SECRET}`, `${MASK} and ${MASK}`],
    ['nothing else', 'an ordinary line', 'an ordinary line'],
  ])('masks %s', (_what, text, masked) => {
    expect(maskerFor([SECRET]).mask(text)).toBe(masked)
  })

  it('replaces a value that contains another whole', () => {
    expect(maskerFor(['abc', 'xxabcxx']).mask('1 xxabcxx 2 abc')).toBe(`1 ${MASK} 2 ${MASK}`)
  })

  it('is a no-op without values (and ignores an empty one)', () => {
    expect(maskerFor([])).toBe(NO_MASK)
    expect(maskerFor([''])).toBe(NO_MASK)
    expect(NO_MASK.mask('anything')).toBe('anything')
  })
})

describe('StreamMasker', () => {
  const joined = (chunks: string[], values = [SECRET]) => {
    const stream = new StreamMasker(maskerFor(values))
    return chunks.map((chunk) => stream.write(chunk)).join('') + stream.end()
  }

  it.each([
    ['a value split across two writes', ['pw=p@ss w', '/rd"+=1 done'], `pw=${MASK} done`],
    ['a base64 form split across three writes', ['b64=', b64.slice(0, 5), b64.slice(5) + '\n'], `b64=${MASK}\n`],
    ['a value at the very end', ['x ', SECRET], `x ${MASK}`],
    ['two values in one write', [`${SECRET}${SECRET}`], `${MASK}${MASK}`],
    ['text without values as written', ['one ', 'two ', 'three'], 'one two three'],
  ])('masks %s', (_what, chunks, masked) => {
    expect(joined(chunks)).toBe(masked)
  })

  it('holds back only an end that could begin a value, and passes the rest at once', () => {
    const stream = new StreamMasker(maskerFor(['secret']))
    expect(stream.write('plain line\n')).toBe('plain line\n')
    expect(stream.write('x sec')).toBe('x ')
    expect(stream.write('ond')).toBe('second')
    expect(stream.write(' c2VjcmV')).toBe(' ')
    expect(stream.end()).toBe('c2VjcmV')
  })

  it('passes every write through at once with nothing to mask', () => {
    const stream = new StreamMasker(NO_MASK)
    expect(stream.write('abc')).toBe('abc')
    expect(stream.end()).toBe('')
  })
})
