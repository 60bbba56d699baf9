import { describe, expect, it } from 'vitest'
import { TransactionScope } from './transaction-scope'

describe('TransactionScope', () => {
  it('when checked, refuses an outside call from inside the work, and allows it once the work settled', async () => {
    const scope = new TransactionScope(true)
    const inside = await scope.run(async () => {
      await Promise.resolve()
      return scope.inside
    })
    expect(inside).toBe(true)
    await expect(scope.run(async () => scope.assertOutside())).rejects.toThrow(/outside the transaction was made from inside it/)
    expect(() => scope.assertOutside()).not.toThrow()
  })

  it('when unchecked (production), runs the work as it is and never calls a caller inside', async () => {
    const scope = new TransactionScope(false)
    expect(await scope.run(async () => scope.inside)).toBe(false)
    await expect(scope.run(async () => scope.assertOutside())).resolves.toBeUndefined()
  })
})
