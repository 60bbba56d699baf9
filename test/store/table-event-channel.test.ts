import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../src/main/kernel/clock'
import type { ClusterEvent } from '../../src/main/store/cluster-events'
import { EventRepo } from '../../src/main/store/event-repo'
import { openStore } from '../../src/main/store/open-store'
import { SqliteConnection } from '../../src/main/store/sqlite/sqlite-connection'
import type { Store } from '../../src/main/store/store'
import { EVENT_AGE_KEPT_MS, TableEventChannel } from '../../src/main/store/table-event-channel'
import { sqliteDb } from '../support/sqlite-db'
import { makeTempDir } from '../support/temp-dir'
import { waitFor } from '../support/wait-for'

const T0 = 1_767_225_600_000

let dir: ReturnType<typeof makeTempDir>
let store: Store
let channel: TableEventChannel
let clock: ManualClock
const heard: ClusterEvent[] = []

/** job_event's rows as (id, created_at). */
const rows = () => sqliteDb(store).prepare('SELECT id, created_at AS at FROM job_event ORDER BY id').all() as { id: number; at: number }[]

beforeEach(async () => {
  dir = makeTempDir()
  store = await openStore(`${dir.path}/jobdesk.db`)
  clock = new ManualClock(T0)
  // A channel of its own over the store's file, cleaning up at every poll (the store's own does every 40th).
  channel = new TableEventChannel(new EventRepo(new SqliteConnection(sqliteDb(store))), clock, 1)
  await channel.ready()
  heard.length = 0
  channel.subscribe((event) => heard.push(event))
})

afterEach(async () => {
  await channel.close()
  await store.close()
  dir.remove()
})

describe('the polled job_event table (MySQL, and processes sharing a SQLite file)', () => {
  it('deletes the rows older than a minute and keeps the newer ones', async () => {
    await channel.publish({ nodeId: 'a', topic: 'runs', ids: [1] })
    await waitFor('the first event', () => heard.length === 1)
    await clock.advance(EVENT_AGE_KEPT_MS + 1)
    await channel.publish({ nodeId: 'a', topic: 'runs', ids: [2] })
    await waitFor('the old row to be deleted', () => rows().length === 1)
    expect(rows()).toEqual([{ id: 2, at: T0 + EVENT_AGE_KEPT_MS + 1 }])
    expect(heard).toEqual([
      { nodeId: 'a', topic: 'runs', ids: [1] },
      { nodeId: 'a', topic: 'runs', ids: [2] },
    ])
  })

  it('reads a table emptied and restarted from its start again (a restored backup)', async () => {
    for (const id of [1, 2, 3]) await channel.publish({ nodeId: 'a', topic: 'jobs', ids: [id] })
    await waitFor('three events', () => heard.length === 3)
    sqliteDb(store).exec("DELETE FROM job_event; DELETE FROM sqlite_sequence WHERE name = 'job_event'")
    await channel.publish({ nodeId: 'b', topic: 'links' })
    expect(rows()).toEqual([{ id: 1, at: T0 }])
    await waitFor('the event after the restart', () => heard.length === 4)
    expect(heard[3]).toEqual({ nodeId: 'b', topic: 'links' })
  })
})
