import { expect, it } from 'vitest'
import { MAX_ID_CHARS, type ClusterEvent } from '../../../src/main/store/cluster-events'
import type { Store } from '../../../src/main/store/store'
import { onServer } from '../../support/db-servers'
import { sqliteDb } from '../../support/sqlite-db'
import { storeSuite, type StoreFixture } from './store-fixture'

/** Every event `store` hears until one from `nodeId` on `topic` arrives (the test's timeout bounds the wait). */
function heardUntil(store: Store, nodeId: string, topic: ClusterEvent['topic']): Promise<ClusterEvent[]> {
  return new Promise((resolve) => {
    const heard: ClusterEvent[] = []
    const stop = store.events.subscribe((event) => {
      heard.push(event)
      if (event.nodeId === nodeId && event.topic === topic) {
        stop()
        resolve(heard)
      }
    })
  })
}

/** Puts something on the engine's channel that is not an event, as a broken or hostile peer on the database could. */
async function plantJunk(f: StoreFixture): Promise<void> {
  if (f.engine === 'postgres') {
    for (const payload of ['not json', '{"n":"x","t":"no-such-topic","i":""}', '{"n":"x","t":"runs","i":"1,,2"}', 'null']) {
      await onServer(f.database, `SELECT pg_notify('jobdesk_events', '${payload}')`)
    }
    return
  }
  const rows = "('x', 'no-such-topic', '', 0), ('x', 'runs', 'DROP TABLE', 0), ('x', 'runs', '1,,2', 0)"
  const sql = `INSERT INTO job_event (node_id, topic, ids, created_at) VALUES ${rows}`
  if (f.engine === 'sqlite') sqliteDb(f.store).exec(sql)
  else await onServer(f.database, sql)
}

storeSuite('cluster events', (f) => {
  it("delivers a publish on one store to another store's listeners, and to its own", async () => {
    const other = await f.another()
    const onOther = heardUntil(other, 'node-a', 'runs')
    const onSelf = heardUntil(f.store, 'node-a', 'runs')
    await f.store.events.publish({ nodeId: 'node-a', topic: 'runs', ids: [3, 1, 2] })
    expect(await onOther).toEqual([{ nodeId: 'node-a', topic: 'runs', ids: [3, 1, 2] }])
    expect(await onSelf).toEqual([{ nodeId: 'node-a', topic: 'runs', ids: [3, 1, 2] }])
    const back = heardUntil(f.store, 'node-b', 'settings')
    await other.events.publish({ nodeId: 'node-b', topic: 'settings' })
    expect(await back).toEqual([{ nodeId: 'node-b', topic: 'settings' }])
  })

  it('delivers a long id list whole, over several events of the same node and topic', async () => {
    const other = await f.another()
    const ids = Array.from({ length: 2000 }, (_, i) => 1_000_000_000 + i)
    expect(ids.join(',').length).toBeGreaterThan(2 * MAX_ID_CHARS)
    const heard: number[] = []
    const all = new Promise<void>((resolve) =>
      other.events.subscribe((event) => {
        if (event.nodeId === 'node-a' && event.topic === 'runs') heard.push(...(event.ids ?? []))
        if (heard.length >= ids.length) resolve()
      }),
    )
    await f.store.events.publish({ nodeId: 'node-a', topic: 'runs', ids })
    await all
    expect(heard).toEqual(ids)
  })

  it('passes over what is not an event and goes on delivering', async () => {
    const other = await f.another()
    const heard = heardUntil(other, 'node-a', 'jobs')
    await plantJunk(f)
    await f.store.events.publish({ nodeId: 'node-a', topic: 'jobs', ids: [7] })
    expect(await heard).toEqual([{ nodeId: 'node-a', topic: 'jobs', ids: [7] }])
  })

  it('stops delivering to a listener that unsubscribed', async () => {
    const other = await f.another()
    const dropped: ClusterEvent[] = []
    const stop = other.events.subscribe((event) => dropped.push(event))
    stop()
    const heard = heardUntil(other, 'node-a', 'links')
    await f.store.events.publish({ nodeId: 'node-a', topic: 'links' })
    await heard
    expect(dropped).toEqual([])
  })
})
