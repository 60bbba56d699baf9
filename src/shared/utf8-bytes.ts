/**
 * Text measured and cut in UTF-8 bytes, the unit stores and wire limits count in, without encoding
 * it (no Buffer, so the console can use it too). A lone surrogate counts 3 bytes: UTF-8 writes it as
 * U+FFFD.
 */

/** Bytes of the code point starting at `text[i]`; 4 bytes is a surrogate pair, two UTF-16 units, the rest one. */
function bytesAt(text: string, i: number): number {
  const unit = text.charCodeAt(i)
  if (unit < 0x80) return 1
  if (unit < 0x800) return 2
  if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
    const next = text.charCodeAt(i + 1)
    if (next >= 0xdc00 && next <= 0xdfff) return 4
  }
  return 3
}

const unitsOf = (bytes: number) => (bytes === 4 ? 2 : 1)

export function utf8ByteLength(text: string): number {
  let bytes = 0
  for (let i = 0; i < text.length;) {
    const size = bytesAt(text, i)
    bytes += size
    i += unitsOf(size)
  }
  return bytes
}

/**
 * `text` cut to at most `maxBytes` of UTF-8, never inside a character (a code point: a surrogate
 * pair stays whole), and its length in bytes before the cut. Uncut text is returned as it is.
 */
export function cutToUtf8Bytes(text: string, maxBytes: number): { text: string; bytes: number } {
  // Every UTF-16 unit is at most 3 bytes: short text needs no count.
  if (text.length * 3 <= maxBytes) return { text, bytes: utf8ByteLength(text) }
  let bytes = 0
  let end = -1
  for (let i = 0; i < text.length;) {
    const size = bytesAt(text, i)
    if (end === -1 && bytes + size > maxBytes) end = i
    bytes += size
    i += unitsOf(size)
  }
  return { text: end === -1 ? text : text.slice(0, end), bytes }
}
