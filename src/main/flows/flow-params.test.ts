import { describe, expect, it } from 'vitest'
import { cutOutput } from './flow-params'

describe('cutOutput', () => {
  it('keeps a short output and says it was not cut', () => {
    expect(cutOutput('done')).toEqual({ output: 'done', cutFromBytes: null })
    expect(cutOutput('')).toEqual({ output: '', cutFromBytes: null })
  })

  it('cuts a long one to the byte limit without splitting an emoji, and gives its length before', () => {
    const text = 'a' + '😀'.repeat(1500) // 1 + 6000 bytes
    const { output, cutFromBytes } = cutOutput(text)
    expect(cutFromBytes).toBe(6001)
    expect(output).toBe('a' + '😀'.repeat(1023))
    expect(Buffer.byteLength(output)).toBe(4093)
  })
})
