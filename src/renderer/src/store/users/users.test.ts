import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ApiTokenView, UserView } from '../../../../shared/auth'
import { setClient } from '../../api/client'
import { fakeClient } from '../../api/fake-client'
import { useJobDesk } from '../index'

const user = (id: number, name: string) => ({ id, name, role: 'viewer' }) as UserView
const token = (id: number, revokedAtMs = 0) => ({ id, name: `t${id}`, revokedAtMs }) as ApiTokenView

afterEach(() => {
  setClient(null)
  useJobDesk.setState({ users: [], apiTokens: [] })
})

describe('the users and API tokens slices', () => {
  it('keep the lists current with what each change answers', async () => {
    setClient(
      fakeClient({
        listUsers: vi.fn(async () => [user(1, 'ann'), user(2, 'bo')]),
        saveUser: vi.fn(async (input) => user(input.id ?? 3, input.name)),
        deleteUser: vi.fn(async () => {}),
        resetUserPassword: vi.fn(async () => ({ password: 'once' })),
        listApiTokens: vi.fn(async () => [token(1)]),
        createApiToken: vi.fn(async () => ({ token: 'secret', info: token(2) })),
        revokeApiToken: vi.fn(async (id: number) => token(id, 99)),
      }),
    )
    const store = useJobDesk.getState()
    await store.fetchUsers()
    await store.saveUser({ id: 2, name: 'bob' } as Parameters<typeof store.saveUser>[0])
    await store.saveUser({ name: 'cy' } as Parameters<typeof store.saveUser>[0])
    await store.deleteUser(1)
    expect(useJobDesk.getState().users.map((u) => u.name)).toEqual(['bob', 'cy'])
    expect(await store.resetUserPassword(2)).toBe('once')

    await store.fetchApiTokens()
    expect(await store.createApiToken({ name: 't2', role: 'viewer', groupIds: [], expiresAtMs: 0 })).toBe('secret')
    await store.revokeApiToken(1)
    expect(useJobDesk.getState().apiTokens.map((t) => [t.id, t.revokedAtMs])).toEqual([
      [1, 99],
      [2, 0],
    ])
  })
})
