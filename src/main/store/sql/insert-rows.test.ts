import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { statementSizes } from './insert-rows'

describe('cutting a batch into statements', () => {
  it('takes whole statements first, then the rest by powers of two', () => {
    expect(statementSizes(0, 128)).toEqual([])
    expect(statementSizes(1, 128)).toEqual([1])
    expect(statementSizes(250, 128)).toEqual([128, 64, 32, 16, 8, 2])
    expect(statementSizes(300, 64)).toEqual([64, 64, 64, 64, 32, 8, 4])
  })

  it('covers every row once, in few statements of few shapes', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 5000 }), fc.constantFrom(16, 64, 128), (count, max) => {
        const sizes = statementSizes(count, max)
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(count)
        for (const size of sizes) expect(size === max || (size < max && (size & (size - 1)) === 0)).toBe(true)
        expect(sizes.filter((s) => s < max).length).toBeLessThanOrEqual(Math.log2(max))
      }),
    )
  })
})
