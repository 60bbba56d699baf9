import { afterEach, describe, expect, it } from 'vitest'
import { NodeMembership } from '../../../src/main/cluster/node-membership'
import { NodeTakeOver } from '../../../src/main/cluster/node-take-over'
import { ensureEmbeddedGroup } from '../../../src/main/definitions/seed-demo'
import { embeddedAddressOf } from '../../../src/main/domain/embedded-address'
import { ManualClock } from '../../../src/main/kernel/clock'
import type { Logger } from '../../../src/main/kernel/logger'
import { DEFAULT_REGISTRY_TIMINGS } from '../../../src/main/registry/health'
import { RegistryService } from '../../../src/main/registry/registry-service'
import { openStore } from '../../../src/main/store/open-store'
import type { Store } from '../../../src/main/store/store'
import { EMBEDDED_APP_NAME } from '../../../src/shared/model'
import { ENGINES, withDatabase, type TestDatabase } from '../../support/db-servers'

const T0 = 1_767_225_600_000 // 2026-01-01T00:00:00Z

interface TestNode {
  membership: NodeMembership
  clock: ManualClock
  address: string
  /** The warnings it logged, in order. */
  warnings: string[]
  /** The code of the fence's refusal of a transaction now, or 'ok'. */
  fenceSays(): Promise<string>
}

/** A node's membership as the core composes it (the real NodeTakeOver and RegistryService), on its own store and clock. */
async function testNode(store: Store, nodeId: string): Promise<TestNode> {
  const clock = new ManualClock(T0)
  const warnings: string[] = []
  const logger: Logger = { debug() {}, info() {}, warn: (msg) => void warnings.push(msg), error() {} }
  const address = embeddedAddressOf(nodeId)
  const registry = new RegistryService(store, DEFAULT_REGISTRY_TIMINGS)
  const membership = new NodeMembership({ store, node: { nodeId, nodeName: nodeId, embeddedAddress: address, adminUrl: '' }, clock, logger })
  await membership.join(
    new NodeTakeOver({
      // This test is about the membership and the registry: the node plans and holds nothing.
      scheduler: { adopt: () => {}, dropRing: () => 0 },
      triggers: { adoptRuns: async () => {}, dropHeld: () => 0, resumeHeld: async () => {} },
      runs: store.runs,
      complete: async () => {},
      registry,
      embedded: { address, info: () => null },
      clock,
      logger,
      node: { nodeId, nodeName: nodeId },
    }),
  )
  return {
    membership,
    clock,
    address,
    warnings,
    fenceSays: () =>
      store
        .transaction((tx) => membership.check(tx, clock.nowMs()))
        .then(
          () => 'ok',
          (error: { code?: string }) => error.code ?? 'no code',
        ),
  }
}

describe.each(ENGINES)('what a renewal finds, on %s', (engine) => {
  let database: TestDatabase
  const stores: Store[] = []
  afterEach(async () => {
    await Promise.allSettled(stores.splice(0).map((store) => store.close()))
    await database?.drop()
  })

  it('a late renewal that nobody acted on is logged as late; a take-over as a take-over, and the node rejoins with its executor registered', async () => {
    database = await withDatabase(engine)
    for (let i = 0; i < 2; i++) stores.push(await openStore(database.url))
    const [storeA, storeB] = stores
    await ensureEmbeddedGroup(storeA.groups, T0)
    const a = await testNode(storeA, 'node-a')
    const b = await testNode(storeB, 'node-b')
    const registered = async () => new Set((await storeA.registry.all()).filter((row) => row.registryKey === EMBEDDED_APP_NAME).map((row) => row.registryValue))
    expect(await registered()).toEqual(new Set([a.address, b.address]))
    const epochA = a.membership.lease()!.epoch

    // A's renewal comes 100 ms after its own deadline (the lease less the clock margin), well inside the lease.
    await a.clock.advance(2600)
    expect(await a.fenceSays()).toBe('cluster.lapsed')
    await a.membership.beat()
    expect(a.warnings.filter((w) => w.startsWith('late renewal'))).toHaveLength(1)
    expect(a.warnings.filter((w) => w.startsWith('taken over'))).toEqual([])
    expect(a.membership.lease()).toEqual({ nodeId: 'node-a', epoch: epochA })
    expect(await a.fenceSays()).toBe('ok')

    // B beats every second, on time; at T0+6 s it is past A's lease (renewed at T0+2.6 s, until
    // T0+5.6 s): B takes A over, and A's executor leaves the registry in the take-over's transaction.
    for (let second = 1; second <= 6; second++) {
      await b.clock.advance(1000)
      await b.membership.beat()
    }
    expect(await registered()).toEqual(new Set([b.address]))
    // By its own clock A may still act; its fence is gone, and the refusal says so.
    await a.clock.advance(100)
    expect(await a.fenceSays()).toBe('cluster.fenced')

    // A's next renewal finds its row gone: taken over, and it joins again with its executor registered.
    await a.clock.advance(300)
    await a.membership.beat()
    expect(a.warnings.filter((w) => w.startsWith('taken over'))).toHaveLength(1)
    expect(a.warnings.filter((w) => w.startsWith('late renewal'))).toHaveLength(1)
    expect(a.membership.lease()!.epoch).toBeGreaterThan(epochA)
    expect(await registered()).toEqual(new Set([a.address, b.address]))
    const embedded = await storeA.groups.findByAppName(EMBEDDED_APP_NAME)
    expect(embedded!.addressList.split(',').sort()).toEqual([a.address, b.address].sort())
    expect(await a.fenceSays()).toBe('ok')
    expect(b.warnings.filter((w) => w.startsWith('taken over') || w.startsWith('late renewal'))).toEqual([])
  })
})
