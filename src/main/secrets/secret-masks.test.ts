import { describe, expect, it } from 'vitest'
import { MASK, NO_MASK } from './mask'
import { SecretMasks } from './secret-masks'
import type { SecretReader } from './secret-reader'

function changingReader(values: string[][]): SecretReader & { reads: number } {
  const reader = {
    reads: 0,
    valuesFor: async () => new Map<string, string>(),
    allValues: async () => {
      const next = values[Math.min(reader.reads, values.length - 1)]
      reader.reads++
      return next
    },
  }
  return reader
}

describe('SecretMasks', () => {
  it('is the no-op masker until read, and with no secrets', async () => {
    const masks = new SecretMasks(changingReader([[]]))
    expect(masks.current()).toBe(NO_MASK)
    await masks.invalidate()
    expect(masks.current()).toBe(NO_MASK)
  })

  it('reads the values again only when invalidated, and tells them to the process log', async () => {
    const told: (readonly string[])[] = []
    const reader = changingReader([['first-value'], ['second-value']])
    const masks = new SecretMasks(reader, undefined, (values) => told.push(values))
    await masks.invalidate()
    expect(masks.current().mask('first-value second-value')).toBe(`${MASK} second-value`)
    expect(reader.reads).toBe(1)
    await masks.invalidate()
    expect(masks.current().mask('first-value second-value')).toBe(`first-value ${MASK}`)
    expect(told).toEqual([['first-value'], ['second-value']])
  })

  it('keeps the last masker when a read fails', async () => {
    const warnings: string[] = []
    const reader = { valuesFor: async () => new Map(), allValues: async () => ['kept-value'] } as SecretReader
    const masks = new SecretMasks(reader, { warn: (msg) => warnings.push(msg) })
    await masks.invalidate()
    reader.allValues = () => Promise.reject(new Error('store away'))
    await masks.invalidate()
    expect(masks.current().mask('kept-value')).toBe(MASK)
    expect(warnings).toHaveLength(1)
  })
})
