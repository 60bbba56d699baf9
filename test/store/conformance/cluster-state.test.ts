import { expect, it } from 'vitest'
import type { ClusterNode } from '../../../src/main/domain/nodes'
import { USE_WINDOW_MS } from '../../../src/main/domain/address-use'
import type { Repos, Store } from '../../../src/main/store/store'
import { overlapping, storeSuite, T0 } from './store-fixture'

const node = (nodeId: string, startedAtMs: number): Omit<ClusterNode, 'epoch' | 'clockSkewMs'> => ({
  nodeId,
  nodeName: `host-${nodeId}:8080`,
  embeddedAddress: `jobdesk://embedded/${nodeId}`,
  adminUrl: '',
  startedAtMs,
  heartbeatAtMs: startedAtMs,
  leaseUntilMs: startedAtMs + 30_000,
})

/** A join is a transaction: the raised epoch counter and the node's row land together. */
const join = (store: Store, n: Omit<ClusterNode, 'epoch' | 'clockSkewMs'>) => store.transaction((tx) => tx.nodes.join(n))

storeSuite('cluster state (nodes, leases, registry, routes, settings, versions)', (f) => {
  it('keeps the nodes with their leases and epochs: join, heartbeat, admin URL, leave, one taker of an expired lease', async () => {
    const b = await join(f.store, node('b', T0 + 5))
    const a = await join(f.store, node('a', T0))
    expect(a).toBeGreaterThan(b)
    await expect(join(f.store, node('a', T0 + 9))).rejects.toThrow(/unique|duplicate/i)
    expect(await f.store.nodes.heartbeat({ nodeId: 'a', epoch: a }, T0 + 1000, T0 + 31_000)).toBe(true)
    // Another life of the node (its old epoch) renews nothing.
    expect(await f.store.nodes.heartbeat({ nodeId: 'a', epoch: a - 1 }, T0 + 1000, T0 + 31_000)).toBe(false)
    await f.store.nodes.setAdminUrl('a', 'http://127.0.0.1:8080/')
    expect(await f.store.nodes.list()).toEqual([
      { ...node('a', T0), heartbeatAtMs: T0 + 1000, leaseUntilMs: T0 + 31_000, adminUrl: 'http://127.0.0.1:8080/', epoch: a, clockSkewMs: null },
      { ...node('b', T0 + 5), epoch: b, clockSkewMs: null },
    ])
    expect(await f.store.transaction((tx) => tx.nodes.holds({ nodeId: 'a', epoch: a }, T0 + 31_000))).toBe(true)
    expect(await f.store.transaction((tx) => tx.nodes.holds({ nodeId: 'a', epoch: a }, T0 + 31_001))).toBe(false)
    const other = await f.another()
    // b's lease runs until T0+30,005: not yet taken, then taken once.
    expect(await f.store.nodes.removeExpired({ nodeId: 'b', epoch: b }, T0 + 30_005)).toBe(false)
    const taken = await Promise.all([
      f.store.nodes.removeExpired({ nodeId: 'b', epoch: b }, T0 + 30_006),
      other.nodes.removeExpired({ nodeId: 'b', epoch: b }, T0 + 30_006),
    ])
    expect(taken.filter(Boolean)).toHaveLength(1)
    // The take-over removed b's fence with its row; a's stays until it leaves.
    expect(await f.store.transaction((tx) => tx.nodes.holdsFence({ nodeId: 'b', epoch: b }))).toBe(false)
    expect(await f.store.transaction((tx) => tx.nodes.holdsFence({ nodeId: 'a', epoch: a }))).toBe(true)
    expect(await f.store.transaction((tx) => tx.nodes.holdsFence({ nodeId: 'a', epoch: a - 1 }))).toBe(false)
    expect(await f.store.nodes.heartbeat({ nodeId: 'b', epoch: b }, T0 + 2000, T0 + 32_000)).toBe(false)
    await f.store.nodes.leave({ nodeId: 'a', epoch: a })
    expect(await other.nodes.list()).toEqual([])
    expect(await f.store.transaction((tx) => tx.nodes.holdsFence({ nodeId: 'a', epoch: a }))).toBe(false)
  })

  it("reads the server's clock (none on SQLite) and keeps each node's measured skew in its row, for its own epoch only", async () => {
    const a = await join(f.store, node('a', T0))
    const beforeMs = Date.now()
    const serverMs = await f.store.nodes.serverNowMs()
    const afterMs = Date.now()
    if (f.engine === 'sqlite') expect(serverMs).toBeNull()
    // The test's server runs on this machine, on this clock; the bounds allow its millisecond rounding.
    else expect(serverMs).toSatisfy((ms: number) => ms >= beforeMs - 1 && ms <= afterMs + 1)
    await f.store.nodes.setClockSkew({ nodeId: 'a', epoch: a }, -2041)
    expect((await f.store.nodes.list())[0].clockSkewMs).toBe(-2041)
    // An earlier life of the node writes nothing.
    await f.store.nodes.setClockSkew({ nodeId: 'a', epoch: a - 1 }, 12)
    expect((await f.store.nodes.list())[0].clockSkewMs).toBe(-2041)
    await f.store.nodes.setClockSkew({ nodeId: 'a', epoch: a }, null)
    expect((await f.store.nodes.list())[0].clockSkewMs).toBeNull()
  })

  it('gives a lease to one node at a time until it runs out or is released', async () => {
    const other = await f.another()
    const first = await Promise.all([f.store.leases.acquire('retention', 'a', T0, T0 + 10_000), other.leases.acquire('retention', 'b', T0, T0 + 10_000)])
    expect(first.filter(Boolean)).toHaveLength(1)
    const holder = first[0] ? 'a' : 'b'
    const rival = holder === 'a' ? 'b' : 'a'
    expect(await f.store.leases.acquire('retention', holder, T0 + 5000, T0 + 15_000)).toBe(true)
    expect(await other.leases.acquire('retention', rival, T0 + 14_999, T0 + 30_000)).toBe(false)
    expect(await other.leases.acquire('retention', rival, T0 + 15_001, T0 + 30_000)).toBe(true)
    await f.store.leases.release('retention', holder) // no longer its lease: changes nothing
    expect(await f.store.leases.list()).toEqual([{ name: 'retention', nodeId: rival, leaseUntilMs: T0 + 30_000 }])
    await f.store.leases.release('retention', rival)
    expect(await f.store.leases.acquire('retention', holder, T0 + 15_002, T0 + 40_000)).toBe(true)
  })

  it('registers executors: a first beat is new, later ones refresh; the sweep returns what it removed', async () => {
    expect(await f.store.registry.upsert('EXECUTOR', 'app', 'http://10.0.0.2:9999/', T0)).toBe(true)
    expect(await f.store.registry.upsert('EXECUTOR', 'app', 'http://10.0.0.1:9999/', T0 + 10, '{"v":1}')).toBe(true)
    expect(await f.store.registry.upsert('EXECUTOR', 'app', 'http://10.0.0.2:9999/', T0 + 20)).toBe(false)
    // Keys compare exactly on every engine (MySQL's binary collation): 'App' is another app.
    expect(await f.store.registry.upsert('EXECUTOR', 'App', 'http://10.0.0.3:9999/', T0 + 20)).toBe(true)
    expect(await f.store.registry.aliveAddresses('app', T0 + 5)).toEqual(['http://10.0.0.1:9999/', 'http://10.0.0.2:9999/'])
    expect(await f.store.registry.aliveAddresses('app', T0 + 15)).toEqual(['http://10.0.0.2:9999/'])
    expect(await f.store.registry.isRegistered('http://10.0.0.1:9999/')).toBe(true)
    const dead = await f.store.registry.deleteDead(T0 + 15)
    expect(dead).toEqual([
      { registryGroup: 'EXECUTOR', registryKey: 'app', registryValue: 'http://10.0.0.1:9999/', updateTimeMs: T0 + 10, executorInfo: '{"v":1}' },
    ])
    expect(await f.store.registry.isRegistered('http://10.0.0.1:9999/')).toBe(false)
    expect(await f.store.registry.remove('EXECUTOR', 'App', 'http://10.0.0.3:9999/')).toBe(true)
    expect(await f.store.registry.remove('EXECUTOR', 'App', 'http://10.0.0.3:9999/')).toBe(false)
    expect((await f.store.registry.all()).map((r) => r.registryValue)).toEqual(['http://10.0.0.2:9999/'])
  })

  it('shares one ROUND sequence between two nodes firing the same job at once', async () => {
    expect(await f.store.transaction((tx) => tx.routes.reserveSequence(1, 3, 40))).toBe(40)
    const reserve = (jobId: number, count: number, startIfNew: number) => async (tx: Repos, meet: () => Promise<void>) => {
      await meet()
      return tx.routes.reserveSequence(jobId, count, startIfNew)
    }
    const [a, b] = await overlapping(f, reserve(1, 5, 0), reserve(1, 5, 0))
    expect([a, b].sort((x, y) => x - y)).toEqual([43, 48])
    // Two nodes reserving a new job's first positions at once: one starts it, the other follows on.
    const firsts = await overlapping(f, reserve(2, 2, 10), reserve(2, 2, 10))
    expect(firsts.sort((x, y) => x - y)).toEqual([10, 12])
    expect(await f.store.routes.reserveSequence(1, 1, 0)).toBe(53)
    // Reading the next position reserves nothing.
    expect(await f.store.routes.nextPosition(1)).toBe(54)
    expect(await f.store.routes.nextPosition(1)).toBe(54)
    expect(await f.store.routes.nextPosition(3)).toBeNull()
    expect(await f.store.routes.reserveSequence(1, 1, 0)).toBe(54)
  })

  it('counts the uses of each address per job in a day window', async () => {
    await f.store.routes.recordUse(1, 'http://a/', T0)
    await f.store.routes.recordUse(1, 'http://a/', T0 + 10)
    await f.store.routes.recordUse(1, 'http://b/', T0 + 20)
    await f.store.routes.recordUse(2, 'http://a/', T0)
    const uses = async (jobId: number) => (await f.store.routes.usesOf(jobId)).sort((x, y) => x.address.localeCompare(y.address))
    expect(await uses(1)).toEqual([
      { address: 'http://a/', useCount: 2, lastUsedMs: T0 + 10, windowStartMs: T0 },
      { address: 'http://b/', useCount: 1, lastUsedMs: T0 + 20, windowStartMs: T0 + 20 },
    ])
    const nextDay = T0 + USE_WINDOW_MS + 1
    await f.store.routes.recordUse(1, 'http://a/', nextDay)
    expect((await uses(1))[0]).toEqual({ address: 'http://a/', useCount: 1, lastUsedMs: nextDay, windowStartMs: nextDay })
    await f.store.routes.reserveSequence(1, 1, 0)
    await f.store.routes.deleteForJob(1)
    expect(await uses(1)).toEqual([])
    expect(await f.store.routes.reserveSequence(1, 1, 7)).toBe(7)
    expect(await uses(2)).toHaveLength(1)
  })

  it('stores settings as JSON, first writer wins for setIfAbsent, and every change raises the settings version', async () => {
    const v0 = await f.store.versions.current()
    expect(v0).toEqual({ jobs: 0, links: 0, settings: 0, calendars: 0, windows: 0 })
    expect(await f.store.settings.get('nothing')).toBeUndefined()
    await f.store.settings.set('alarm', { email: ['a@x.org'], on: true, note: 'ünï "q" \\' })
    await f.store.settings.set('alarm', { email: [], on: false, note: '' })
    expect(await f.store.settings.get('alarm')).toEqual({ email: [], on: false, note: '' })
    const other = await f.another()
    const tokens = await Promise.all([f.store.settings.setIfAbsent('token', 'first'), other.settings.setIfAbsent('token', 'second')])
    expect(new Set(tokens).size).toBe(1)
    expect(await f.store.settings.setIfAbsent('token', 'third')).toBe(tokens[0])
    expect(await other.settings.all()).toEqual(
      new Map<string, unknown>([
        ['alarm', { email: [], on: false, note: '' }],
        ['token', tokens[0]],
      ]),
    )
    // Two sets and one setIfAbsent that stored its value; the other node reads the same counter.
    expect(await other.versions.current()).toEqual({ jobs: 0, links: 0, settings: 3, calendars: 0, windows: 0 })
  })
})
