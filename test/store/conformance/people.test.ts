import { expect, it } from 'vitest'
import { storeSuite, T0 } from './store-fixture'

const HASH = 'a'.repeat(64)

storeSuite('people (users, sessions, personal API tokens, the audit trail)', (f) => {
  it('keeps users by unique name: the first admin once even from two nodes, update, password, delete', async () => {
    const admin = { name: 'admin', passwordHash: 'scrypt$1', role: 'admin' as const, groupIds: [], mustChangePassword: true }
    const other = await f.another()
    // Two nodes starting at once both try to create the first admin: one row, one id.
    const ids = await Promise.all([f.store.users.insert(admin, T0), other.users.insert(admin, T0)])
    expect(ids.filter((id) => id !== null)).toHaveLength(1)
    expect(await f.store.users.count()).toBe(1)
    expect(await f.store.users.anyActivated()).toBe(false)
    const id = ids.find((x) => x !== null)!
    await f.store.users.setPassword(id, 'scrypt$2', false, T0 + 1)
    expect(await f.store.users.anyActivated()).toBe(true)
    const ops = (await f.store.users.insert({ ...admin, name: 'Zoë 运维', role: 'operator', groupIds: [3, 7], mustChangePassword: false }, T0))!
    await f.store.users.update(ops, { name: 'Zoë 运维', role: 'viewer', groupIds: [7], disabled: true }, T0 + 2)
    expect(await f.store.users.findByName('Zoë 运维')).toMatchObject({ id: ops, role: 'viewer', groupIds: [7], disabled: true })
    expect(await f.store.users.get(id)).toMatchObject({ name: 'admin', passwordHash: 'scrypt$2', mustChangePassword: false })
    // Names are keyed without case on every engine (src/shared/user-name.ts): one account per name.
    expect(await f.store.users.findByName(' ADMIN ')).toMatchObject({ id, name: 'admin' })
    expect(await f.store.users.insert({ ...admin, name: 'Admin' }, T0)).toBeNull()
    expect(await f.store.users.findByName('admin2')).toBeUndefined()
    await f.store.users.delete(ops)
    expect((await f.store.users.list()).map((u) => u.name)).toEqual(['admin'])
  })

  it('keeps directory users apart from local ones: their source and directory id, found by that id', async () => {
    const dn = 'uid=zoë,ou=people,dc=example,dc=org'
    const ldap = (await f.store.users.insert(
      { name: 'zoë', passwordHash: '', role: 'operator', groupIds: [2], mustChangePassword: false, directory: { source: 'ldap', id: dn } },
      T0,
    ))!
    const subject = 'https://idp.example.org 248289761001'
    const oidc = (await f.store.users.insert(
      { name: 'jane@example.org', passwordHash: '', role: 'viewer', groupIds: [], mustChangePassword: false, directory: { source: 'oidc', id: subject } },
      T0,
    ))!
    const local = (await f.store.users.insert({ name: 'local', passwordHash: 'scrypt$1', role: 'viewer', groupIds: [], mustChangePassword: false }, T0))!
    expect(await f.store.users.findByDirectoryId('ldap', dn)).toMatchObject({ id: ldap, source: 'ldap', directoryId: dn, passwordHash: '' })
    expect(await f.store.users.findByDirectoryId('oidc', subject)).toMatchObject({ id: oidc, source: 'oidc', directoryId: subject })
    // The same id under the other source is another identity.
    expect(await f.store.users.findByDirectoryId('oidc', dn)).toBeUndefined()
    expect(await f.store.users.get(local)).toMatchObject({ source: 'local', directoryId: '' })
  })

  it('keys a directory user by the folded name too: a case variant of a local name is no second account', async () => {
    const local = (await f.store.users.insert({ name: 'admin', passwordHash: 'scrypt$1', role: 'admin', groupIds: [], mustChangePassword: false }, T0))!
    const directory = { source: 'ldap' as const, id: 'uid=Admin,ou=people,dc=example,dc=org' }
    expect(await f.store.users.insert({ name: 'Admin', passwordHash: '', role: 'admin', groupIds: [], mustChangePassword: false, directory }, T0)).toBeNull()
    const alice = (await f.store.users.insert(
      { name: 'Alice', passwordHash: '', role: 'viewer', groupIds: [], mustChangePassword: false, directory: { source: 'ldap', id: 'uid=alice' } },
      T0,
    ))!
    expect(await f.store.users.findByName('ALICE')).toMatchObject({ id: alice, name: 'Alice' })
    // A rename keeps the key in step with the name.
    await f.store.users.update(alice, { name: 'alice.b', role: 'viewer', groupIds: [], disabled: false }, T0 + 1)
    expect(await f.store.users.findByName('Alice.B')).toMatchObject({ id: alice })
    expect(await f.store.users.findByName('alice')).toBeUndefined()
    await expect(f.store.users.update(alice, { name: 'ADMIN', role: 'viewer', groupIds: [], disabled: false }, T0 + 2)).rejects.toThrow(/unique|duplicate/i)
    expect((await f.store.users.list()).map((u) => [u.id, u.name])).toEqual([
      [local, 'admin'],
      [alice, 'alice.b'],
    ])
  })

  it('keeps sessions by the hash of their cookie: touch, expiry sweep, sign-out of one or all', async () => {
    const session = (n: number, expiresAtMs: number) => ({
      idHash: `${n}`.padStart(64, '0'),
      userId: n % 2,
      remoteAddress: '127.0.0.1',
      createdAtMs: T0,
      lastSeenAtMs: T0,
      expiresAtMs,
    })
    for (let n = 1; n <= 4; n++) await f.store.sessions.insert(session(n, T0 + n * 1000))
    await f.store.sessions.touch(session(1, 0).idHash, T0 + 500, T0 + 9000)
    expect(await f.store.sessions.get(session(1, 0).idHash)).toEqual({ ...session(1, T0 + 9000), lastSeenAtMs: T0 + 500 })
    expect(await f.store.sessions.deleteExpired(T0 + 3000)).toBe(2) // sessions 2 and 3
    await f.store.sessions.insert(session(5, T0 + 9000))
    await f.store.sessions.deleteOthersOfUser(1, session(5, 0).idHash) // session 1; session 5 (user 1 too) is kept
    expect(await f.store.sessions.get(session(1, 0).idHash)).toBeUndefined()
    expect(await f.store.sessions.get(session(5, 0).idHash)).toBeDefined()
    await f.store.sessions.deleteForUser(1) // session 5 (user 1); session 4 is user 0's
    expect(await f.store.sessions.get(session(5, 0).idHash)).toBeUndefined()
    expect(await f.store.sessions.get(session(4, 0).idHash)).toBeDefined()
    await f.store.sessions.delete(session(4, 0).idHash)
    expect(await f.store.sessions.get(session(4, 0).idHash)).toBeUndefined()
  })

  it('keeps personal tokens by unique hash: list per owner, use, revoke one or all of a user', async () => {
    const token = (n: number, userId: number) => ({
      tokenHash: `${n}${HASH}`.slice(0, 64),
      name: `token ${n}`,
      userId,
      owner: `user ${userId}`,
      role: 'operator' as const,
      groupIds: [1],
      expiresAtMs: 0,
      scope: 'openapi' as const,
      mode: null,
    })
    const first = await f.store.apiTokens.insert(token(1, 1), T0)
    await f.store.apiTokens.insert(token(2, 2), T0)
    await f.store.apiTokens.insert(token(3, 2), T0)
    await expect(f.store.apiTokens.insert(token(1, 2), T0)).rejects.toThrow(/unique|duplicate/i)
    expect((await f.store.apiTokens.list(2)).map((t) => t.name)).toEqual(['token 3', 'token 2']) // newest first
    expect(await f.store.apiTokens.list()).toHaveLength(3)
    await f.store.apiTokens.noteUsed(first, T0 + 10)
    await f.store.apiTokens.revoke(first, T0 + 20)
    expect(await f.store.apiTokens.findByHash(token(1, 1).tokenHash)).toMatchObject({
      id: first,
      userId: 1,
      groupIds: [1],
      lastUsedAtMs: T0 + 10,
      revokedAtMs: T0 + 20,
    })
    await f.store.apiTokens.revokeForUser(2, T0 + 30)
    expect((await f.store.apiTokens.list(2)).map((t) => t.revokedAtMs)).toEqual([T0 + 30, T0 + 30])
  })

  it("suspends a user's tokens and resumes them, leaving revocations as they are", async () => {
    const token = (n: number, userId: number) => ({
      tokenHash: `${n}${HASH}`.slice(0, 64),
      name: `token ${n}`,
      userId,
      owner: `user ${userId}`,
      role: 'viewer' as const,
      groupIds: [],
      expiresAtMs: 0,
      scope: 'openapi' as const,
      mode: null,
    })
    const revoked = await f.store.apiTokens.insert(token(1, 1), T0)
    await f.store.apiTokens.insert(token(2, 1), T0)
    await f.store.apiTokens.insert(token(3, 2), T0)
    await f.store.apiTokens.revoke(revoked, T0 + 5)
    await f.store.apiTokens.suspendForUser(1, T0 + 10)
    await f.store.apiTokens.suspendForUser(1, T0 + 20) // already suspended: keeps its first time
    const states = async () => (await f.store.apiTokens.list()).map((t) => [t.name, t.revokedAtMs, t.suspendedAtMs])
    expect(await states()).toEqual([
      ['token 3', 0, 0],
      ['token 2', 0, T0 + 10],
      ['token 1', T0 + 5, T0 + 10],
    ])
    await f.store.apiTokens.resumeForUser(1)
    expect(await states()).toEqual([
      ['token 3', 0, 0],
      ['token 2', 0, 0],
      ['token 1', T0 + 5, 0],
    ])
  })

  it("keeps an MCP token's scope and mode, and the way (via) an audit row came (schema version 35)", async () => {
    const base = { name: 'agent', userId: 1, owner: 'user 1', role: 'operator' as const, groupIds: [1], expiresAtMs: 0 }
    await f.store.apiTokens.insert({ ...base, tokenHash: `m${HASH}`.slice(0, 64), scope: 'mcp', mode: 'operate' }, T0)
    await f.store.apiTokens.insert({ ...base, tokenHash: `o${HASH}`.slice(0, 64), name: 'ci', scope: 'openapi', mode: null }, T0)
    expect((await f.store.apiTokens.list(1)).map((t) => [t.name, t.scope, t.mode])).toEqual([
      ['ci', 'openapi', null],
      ['agent', 'mcp', 'operate'],
    ])
    const row = { atMs: T0, actor: 'user 1/agent', actorKind: 'personal-token' as const, source: '127.0.0.1', action: 'job.trigger' as const }
    await f.store.audit.insert({ ...row, outcome: 'ok', groupId: 1, target: 'job 1', detail: {}, via: 'mcp' })
    await f.store.audit.insert({ ...row, outcome: 'ok', groupId: 1, target: 'job 2', detail: {}, via: '' })
    expect((await f.store.audit.list({}, 10)).map((e) => [e.target, e.via])).toEqual([
      ['job 2', ''],
      ['job 1', 'mcp'],
    ])
  })

  it('lists the audit trail newest first with every filter, a text search that ignores case and treats % _ ! as text, and retention', async () => {
    const entry = (n: number, over: object = {}) => ({
      atMs: T0 + n * 1000,
      actor: n % 2 ? 'alice' : 'bob',
      actorKind: 'user' as const,
      source: '127.0.0.1',
      action: n % 2 ? ('job.trigger' as const) : ('job.update' as const),
      outcome: 'ok' as const,
      groupId: n % 3 === 0 ? null : 1,
      target: `job ${n}`,
      detail: { params: { executorParam: `p${n}` } },
      via: '' as const,
      ...over,
    })
    const ids: number[] = []
    for (let n = 1; n <= 6; n++) ids.push(await f.store.audit.insert(entry(n)))
    await f.store.audit.insert(
      entry(7, { target: 'Job 100%_done!', outcome: 'refused', detail: { reason: { code: 'auth.notPermitted', message: 'Not permitted' } } }),
    )
    const list = async (filter: object, limit = 100) => (await f.store.audit.list(filter, limit)).map((e) => e.target)
    expect(await list({}, 3)).toEqual(['Job 100%_done!', 'job 6', 'job 5'])
    expect(await list({ actor: 'bob' })).toEqual(['job 6', 'job 4', 'job 2'])
    expect(await list({ action: 'job.trigger', outcome: 'ok' })).toEqual(['job 5', 'job 3', 'job 1'])
    expect(await list({ groupId: 1, sinceMs: T0 + 2000, untilMs: T0 + 5000 })).toEqual(['job 5', 'job 4', 'job 2'])
    expect(await list({ beforeId: ids[2] })).toEqual(['job 2', 'job 1'])
    expect(await list({ text: '100%_DONE!' })).toEqual(['Job 100%_done!'])
    expect(await list({ text: '%' })).toEqual(['Job 100%_done!'])
    expect(await list({ text: 'P4' })).toEqual(['job 4'])
    const [refused] = await f.store.audit.list({ outcome: 'refused' }, 10)
    expect(refused).toMatchObject({ actor: 'alice', groupId: 1, detail: { reason: { code: 'auth.notPermitted' } } })
    expect(await f.store.audit.deleteOlderThan(T0 + 4000)).toBe(3)
    expect(await list({})).toEqual(['Job 100%_done!', 'job 6', 'job 5', 'job 4'])
  })
})
