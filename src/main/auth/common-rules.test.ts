import { describe, expect, it } from 'vitest'
import type { Principal } from '../../shared/principal'
import { requireEntitled } from './common-rules'
import type { RuleContext } from './method-rule-types'
import { Refusal } from './refusal'

function context(): RuleContext {
  const principal: Principal = { kind: 'user', name: 'olga', userId: 3, role: 'operator', groupIds: [2], source: 'test', mustChangePassword: false }
  const core = { listGroups: async () => [{ id: 2, appName: 'billing-executor' }] }
  const entitled = async () => new Set(['http://127.0.0.1:9999/'])
  return { principal, core, entitled, method: 'triggerJob' } as unknown as RuleContext
}

describe('an override naming an address outside the group', () => {
  it("is refused naming the group's app name, its id in parentheses", async () => {
    const refusal = await requireEntitled(context(), 2, ['http://127.0.0.1:8888/']).catch((error: unknown) => error)
    expect(refusal).toBeInstanceOf(Refusal)
    expect((refusal as Refusal).error.message).toContain("group 'billing-executor' (2):")
    expect((refusal as Refusal).error.message).not.toContain('group 2')
  })

  it("passes the group's own address", async () => {
    await expect(requireEntitled(context(), 2, ['http://127.0.0.1:9999/'])).resolves.toBeUndefined()
  })
})
