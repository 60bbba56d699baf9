import { expect, it } from 'vitest'
import type { ClusterNode, NodeLease } from '../../../src/main/domain/nodes'
import { openStore } from '../../../src/main/store/open-store'
import { IDLE_TRANSACTION_LIMIT_MS } from '../../../src/main/store/sql/idle-transaction-limit'
import type { Store } from '../../../src/main/store/store'
import { lockWaiters } from '../../support/lock-waits'
import { waitFor } from '../../support/wait-for'
import { Gate, storeSuite, T0 } from './store-fixture'

const node = (nodeId: string): Omit<ClusterNode, 'epoch' | 'clockSkewMs'> => ({
  nodeId,
  nodeName: nodeId,
  embeddedAddress: '',
  adminUrl: '',
  startedAtMs: T0,
  heartbeatAtMs: T0,
  leaseUntilMs: T0 + 3000,
})

const joinAs = async (store: Store, nodeId: string): Promise<NodeLease> => ({ nodeId, epoch: await store.transaction((tx) => tx.nodes.join(node(nodeId))) })

/** A transaction of the node that proves its fence and stays open until `release` opens. */
function openFencedTransaction(store: Store, lease: NodeLease): { proved: Gate; release: Gate; done: Promise<boolean> } {
  const proved = new Gate()
  const release = new Gate()
  const done = store.transaction(async (tx) => {
    const held = await tx.nodes.holdsFence(lease)
    proved.open()
    await release.reached
    return held
  })
  return { proved, release, done }
}

// SQLite has one writer per file: a renewal and a take-over queue behind any open transaction there, by design.
storeSuite(
  'the node fence apart from the lease',
  (f) => {
    it("renews the lease while the node's own fenced transactions hold every pooled connection", async () => {
      const store = await openStore(f.database.url, { maxConnections: 2 })
      try {
        const lease = await joinAs(store, 'a')
        const open = [openFencedTransaction(store, lease), openFencedTransaction(store, lease)]
        await Promise.all(open.map((tx) => tx.proved.reached))
        // Both pooled connections are in the transactions; the renewal has its own and lands at once.
        expect(await store.renewals.nodes.heartbeat(lease, T0 + 1000, T0 + 4000)).toBe(true)
        const seen = await f.store.nodes.list()
        expect(seen.map((n) => [n.nodeId, n.leaseUntilMs])).toEqual([['a', T0 + 4000]])
        for (const tx of open) tx.release.open()
        expect(await Promise.all(open.map((tx) => tx.done))).toEqual([true, true])
      } finally {
        await store.close()
      }
    })

    it('makes a take-over wait for the dead node’s open transaction, and a transaction after it find the fence gone', async () => {
      const lease = await joinAs(f.store, 'a')
      const taker = await f.another()
      const open = openFencedTransaction(f.store, lease)
      await open.proved.reached
      let taken: boolean | null = null
      const takeOver = taker.transaction((tx) => tx.nodes.removeExpired(lease, T0 + 3001)).then((result) => (taken = result))
      await waitFor('the take-over to wait for the fence row', async () => (await lockWaiters(f.database)) > 0)
      expect(taken).toBeNull()
      open.release.open()
      expect(await open.done).toBe(true)
      await takeOver
      expect(taken).toBe(true)
      expect(await f.store.transaction((tx) => tx.nodes.holdsFence(lease))).toBe(false)
      expect(await f.store.renewals.nodes.heartbeat(lease, T0 + 4000, T0 + 7000)).toBe(false)
    })

    it('ends a fenced transaction left idle past the limit, so a node paused inside one cannot hold its own take-over', async () => {
      const lease = await joinAs(f.store, 'a')
      const taker = await f.another()
      // The node proves its fence and is paused before its next statement (never released here).
      const paused = openFencedTransaction(f.store, lease)
      await paused.proved.reached
      const startedMs = Date.now()
      expect(await taker.transaction((tx) => tx.nodes.removeExpired(lease, T0 + 3001))).toBe(true)
      expect(Date.now() - startedMs).toBeGreaterThanOrEqual(IDLE_TRANSACTION_LIMIT_MS - 1000)
      // Resumed, its transaction cannot commit as if nothing happened: the server ended it, and a
      // retry finds the fence gone.
      paused.release.open()
      expect(await paused.done.catch(() => 'ended by the server')).not.toBe(true)
    }, 60_000)
  },
  ['postgres', 'mysql'],
)
