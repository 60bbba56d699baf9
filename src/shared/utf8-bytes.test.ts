import { describe, expect, it } from 'vitest'
import { cutToUtf8Bytes, utf8ByteLength } from './utf8-bytes'

/** The reference: what an encoder writes (shared code runs in the console too, so no Buffer here). */
const encoded = (text: string) => new TextEncoder().encode(text).length

/** Text of every width: ASCII, 2-byte Latin, 3-byte CJK, 4-byte emoji (a surrogate pair), and lone surrogates. */
const PIECES = ['a', 'é', '中', '😀', '\ud800', '\udc00', '\n']

function randomText(seed: number, length: number): string {
  let state = seed
  let text = ''
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2 ** 31
    text += PIECES[state % PIECES.length]
  }
  return text
}

describe('utf8ByteLength', () => {
  it('counts as UTF-8 encodes, a lone surrogate as U+FFFD', () => {
    expect(utf8ByteLength('')).toBe(0)
    expect(utf8ByteLength('aé中😀')).toBe(1 + 2 + 3 + 4)
    expect(utf8ByteLength('\ud800')).toBe(3)
    expect(utf8ByteLength('\udc00\ud800')).toBe(6)
    for (let seed = 1; seed <= 200; seed++) {
      const text = randomText(seed, seed % 40)
      expect(utf8ByteLength(text), JSON.stringify(text)).toBe(encoded(text))
    }
  })
})

describe('cutToUtf8Bytes', () => {
  it('leaves text that fits as it is', () => {
    expect(cutToUtf8Bytes('abc', 3)).toEqual({ text: 'abc', bytes: 3 })
    expect(cutToUtf8Bytes('中中', 6)).toEqual({ text: '中中', bytes: 6 })
  })

  it('cuts before a character that would cross the limit, never inside one', () => {
    expect(cutToUtf8Bytes('a中', 3)).toEqual({ text: 'a', bytes: 4 })
    expect(cutToUtf8Bytes('😀😀', 7)).toEqual({ text: '😀', bytes: 8 })
    expect(cutToUtf8Bytes('😀', 3)).toEqual({ text: '', bytes: 4 })
    expect(cutToUtf8Bytes('abcdef', 0)).toEqual({ text: '', bytes: 6 })
  })

  it('keeps every cut within the limit, as long as it can be, and a prefix of whole characters', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const text = randomText(seed, 30)
      const max = seed % 50
      const { text: cut, bytes } = cutToUtf8Bytes(text, max)
      expect(bytes).toBe(encoded(text))
      expect(text.startsWith(cut)).toBe(true)
      expect(encoded(cut)).toBeLessThanOrEqual(max)
      // No split pair: the cut never ends on a high surrogate that the text continues with its low half.
      expect(/[\ud800-\udbff]$/.test(cut) && /^[\udc00-\udfff]/.test(text.slice(cut.length))).toBe(false)
      if (cut.length < text.length) {
        const nextWidth = text.codePointAt(cut.length)! > 0xffff ? 2 : 1
        expect(encoded(text.slice(0, cut.length + nextWidth))).toBeGreaterThan(max)
      }
    }
  })
})
