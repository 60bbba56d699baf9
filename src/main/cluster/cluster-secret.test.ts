import { describe, expect, it } from 'vitest'
import { freshSqliteStore } from '../../../test/support/temp-sqlite-store'
import { ManualClock } from '../kernel/clock'
import { CLUSTER_SECRET_SETTING, ClusterSecret, PREVIOUS_SECRET_GRACE_MS } from './cluster-secret'

const T0 = Date.UTC(2026, 0, 5, 9)
const fresh = freshSqliteStore()

describe('ClusterSecret', () => {
  it('is made once and shared by every node on the database', async () => {
    const clock = new ManualClock(T0)
    const a = new ClusterSecret(fresh.store.settings, clock)
    const b = new ClusterSecret(fresh.store.settings, clock)
    await a.load()
    await b.load()
    expect(a.current()).toHaveLength(43)
    expect(b.current()).toBe(a.current())
    expect(b.accepts(a.current())).toBe(true)
    expect(b.accepts('')).toBe(false)
    expect(b.accepts(`${a.current()}x`)).toBe(false)
  })

  it('takes the secret it replaced for a minute after a rotation, then only the new one', async () => {
    const clock = new ManualClock(T0)
    const a = new ClusterSecret(fresh.store.settings, clock)
    const b = new ClusterSecret(fresh.store.settings, clock)
    await a.load()
    await b.load()
    const old = a.current()
    await a.rotate()
    await b.load()
    expect(b.current()).not.toBe(old)
    expect(b.rotatedAtMs()).toBe(T0)
    expect([b.accepts(old), b.accepts(b.current())]).toEqual([true, true])
    await clock.advance(PREVIOUS_SECRET_GRACE_MS)
    expect([b.accepts(old), b.accepts(b.current())]).toEqual([false, true])
  })

  it('replaces a stored value it did not write', async () => {
    await fresh.store.settings.set(CLUSTER_SECRET_SETTING, { current: 'short' })
    const secret = new ClusterSecret(fresh.store.settings, new ManualClock(T0))
    await secret.load()
    expect(secret.accepts('short')).toBe(false)
    expect(secret.current()).toHaveLength(43)
  })
})
