import { expect, it } from 'vitest'
import type { HookRow } from '../../../src/main/store/hook-repo'
import { storeSuite, T0 } from './store-fixture'

const hook = (id: string, overrides: Partial<HookRow> = {}): HookRow => ({
  id,
  kind: 'job',
  targetId: 7,
  secret: `secret of ${id}`,
  createdBy: 'admin',
  createdAtMs: T0,
  lastUsedAtMs: 0,
  ...overrides,
})

storeSuite('HookRepo and HookUseRepo', (f) => {
  it('keeps hooks per job or flow, tells ids apart by case, and forgets a removed one', async () => {
    const { hooks } = f.store
    await hooks.insert(hook('aaaaaaaaaaaaaaaaaaaaaa'))
    await hooks.insert(hook('AAAAAAAAAAAAAAAAAAAAAA', { createdAtMs: T0 + 1 }))
    await hooks.insert(hook('flowhookflowhookflowho', { kind: 'flow', targetId: 7 }))
    expect(await hooks.get('aaaaaaaaaaaaaaaaaaaaaa')).toEqual(hook('aaaaaaaaaaaaaaaaaaaaaa'))
    expect((await hooks.get('AAAAAAAAAAAAAAAAAAAAAA'))?.secret).toBe('secret of AAAAAAAAAAAAAAAAAAAAAA')
    const listed = await hooks.listFor('job', 7)
    expect(listed.map((h) => h.id)).toEqual(['aaaaaaaaaaaaaaaaaaaaaa', 'AAAAAAAAAAAAAAAAAAAAAA'])
    expect(listed[0]).not.toHaveProperty('secret')
    expect(await hooks.countFor('flow', 7)).toBe(1)
    await hooks.touch('aaaaaaaaaaaaaaaaaaaaaa', T0 + 5_000)
    expect((await hooks.get('aaaaaaaaaaaaaaaaaaaaaa'))?.lastUsedAtMs).toBe(T0 + 5_000)
    expect(await hooks.delete('aaaaaaaaaaaaaaaaaaaaaa')).toBe(true)
    expect(await hooks.delete('aaaaaaaaaaaaaaaaaaaaaa')).toBe(false)
    expect(await hooks.get('aaaaaaaaaaaaaaaaaaaaaa')).toBeUndefined()
    // Every hook's secret, for the log redaction: the removed one's no more.
    expect((await hooks.allSecrets()).sort()).toEqual(['secret of AAAAAAAAAAAAAAAAAAAAAA', 'secret of flowhookflowhookflowho'])
  })

  it('lets exactly one of two nodes claim the same signature, and a key again once it expired', async () => {
    const other = await f.another()
    const id = 'bbbbbbbbbbbbbbbbbbbbbb'
    const claims = await Promise.all([f.store.hookUses.claim(id, 'sig:1', T0 + 60_000, T0), other.hookUses.claim(id, 'sig:1', T0 + 60_000, T0)])
    expect(claims.filter(Boolean)).toHaveLength(1)
    expect(await other.hookUses.isUsed(id, 'sig:1', T0 + 59_999)).toBe(true)
    expect(await other.hookUses.isUsed(id, 'sig:1', T0 + 60_000)).toBe(false)
    expect(await f.store.hookUses.claim(id, 'sig:1', T0 + 60_000, T0 + 1)).toBe(false)
    // Another hook's same key is its own.
    expect(await f.store.hookUses.claim('cccccccccccccccccccccc', 'sig:1', T0 + 60_000, T0)).toBe(true)
    // Past its expiry the row is dropped on the next claim of the hook.
    expect(await f.store.hookUses.claim(id, 'sig:1', T0 + 120_000, T0 + 60_000)).toBe(true)
    await f.store.hookUses.release(id, 'sig:1')
    expect(await f.store.hookUses.claim(id, 'sig:1', T0 + 120_000, T0 + 60_001)).toBe(true)
    expect(await f.store.hookUses.deleteExpired(T0 + 120_000)).toBe(2)
    await f.store.hookUses.deleteForHook(id)
    expect(await f.store.hookUses.claim(id, 'sig:2', T0 + 180_000, T0 + 120_000)).toBe(true)
  })
})
