import { expect, it } from 'vitest'
import type { Store } from '../../../src/main/store/store'
import { ringKey } from '../../../src/main/domain/fires'
import { type RingFire } from '../../../src/main/domain/fires'
import { addGroup, addJob, overlapping, storeSuite, T0 } from './store-fixture'

const fire = (jobId: number, scheduleTimeMs: number, overrides: Partial<RingFire> = {}): RingFire => ({
  jobId,
  scheduleTimeMs,
  fireAtMs: scheduleTimeMs,
  triggerType: 'CRON',
  ...overrides,
})

storeSuite('RingRepo', (f) => {
  /**
   * A claim racing another node's: on a server in a transaction of its own, as the trigger service
   * claims (prepare-runs.ts). Two SQLite stores in one process cannot both hold one (the second would
   * wait on the thread the first needs to end); there each claiming statement is atomic by itself.
   */
  const claimIn = (store: Store, fires: RingFire[]) =>
    f.engine === 'sqlite' ? store.ring.claimMany(fires, 'node-a') : store.transaction((tx) => tx.ring.claimMany(fires, 'node-a'))

  it('keeps each fire with the node whose ring holds it; a fire planned twice stays one row', async () => {
    await f.store.ring.insert([fire(1, T0), fire(1, T0 + 1000), fire(2, T0 + 500, { triggerType: 'MISFIRE', fireAtMs: T0 + 10 })], 'node-a')
    await f.store.ring.insert([fire(3, T0 + 2000), fire(1, T0)], 'node-b')
    expect(await f.store.ring.count()).toBe(4)
    expect(await f.store.ring.ofNode('node-a')).toEqual([fire(1, T0), fire(2, T0 + 500, { triggerType: 'MISFIRE', fireAtMs: T0 + 10 }), fire(1, T0 + 1000)])
    expect(await f.store.ring.ofNode('node-b')).toEqual([fire(3, T0 + 2000)])
    expect((await f.store.ring.owners()).sort()).toEqual(['node-a', 'node-b'])
    expect(await f.store.ring.countByNode()).toEqual(
      new Map([
        ['node-a', 3],
        ['node-b', 1],
      ]),
    )
  })

  it('lets exactly one of two nodes claim a fire', async () => {
    await f.store.ring.insert([fire(1, T0)], 'node-a')
    const other = await f.another()
    const claims = await Promise.all([claimIn(f.store, [fire(1, T0)]), claimIn(other, [fire(1, T0)])])
    expect(claims.map((claimed) => claimed.size).sort()).toEqual([0, 1])
    expect(await f.store.ring.claimMany([fire(1, T0)], 'node-a')).toEqual(new Set())
    expect(await f.store.ring.count()).toBe(0)
  })

  it("claims only the claimer's own fires: a fire taken over by another node is no longer the first node's", async () => {
    await f.store.ring.insert([fire(1, T0), fire(2, T0)], 'node-a')
    await f.store.transaction((tx) => tx.ring.takeOver('node-a', 'node-b'))
    expect(await f.store.ring.claimMany([fire(1, T0)], 'node-a')).toEqual(new Set())
    expect(await f.store.ring.claimMany([fire(2, T0)], 'node-a')).toEqual(new Set())
    expect(await f.store.ring.claimMany([fire(1, T0), fire(2, T0)], 'node-b')).toEqual(new Set([ringKey(1, T0), ringKey(2, T0)]))
  })

  it('claims fires in bulk: each one still there once, however many are asked for and by how many nodes', async () => {
    const fires = Array.from({ length: 300 }, (_, i) => fire(1 + (i % 30), T0 + 1000 * Math.floor(i / 30)))
    await f.store.ring.insert(fires, 'node-a')
    const other = await f.another()
    const asked = [...fires, fire(99, T0), fires[0]]
    const [mine, theirs] = await Promise.all([claimIn(f.store, asked), claimIn(other, [...asked].reverse())])
    expect(mine.size + theirs.size).toBe(300)
    for (const key of mine) expect(theirs.has(key)).toBe(false)
    expect(new Set([...mine, ...theirs])).toEqual(new Set(fires.map((x) => ringKey(x.jobId, x.scheduleTimeMs))))
    expect(await f.store.ring.count()).toBe(0)
  })

  it("moves a dead node's fires to one taker: two nodes taking over at once never both get a fire", async () => {
    await f.store.ring.insert([fire(1, T0), fire(2, T0 + 1), fire(3, T0 + 2)], 'dead')
    const [a, b] = await overlapping(
      f,
      async (tx, meet) => {
        const taken = await tx.ring.takeOver('dead', 'node-a')
        await meet()
        return taken
      },
      async (tx, meet) => {
        const taken = await tx.ring.takeOver('dead', 'node-b')
        await meet()
        return taken
      },
    )
    expect(a.map((x) => x.jobId)).toEqual([1, 2, 3])
    expect(b).toEqual([])
    expect(await f.store.ring.ofNode('node-a')).toEqual(a)
    expect(await f.store.ring.ofNode('dead')).toEqual([])
  })

  it('claims the stale fires of a job as one outage, with its misfire strategy and state', async () => {
    const group = await addGroup(f.store)
    const running = await addJob(f.store, group, { misfireStrategy: 'FIRE_ONCE_NOW' }, { nextMs: T0 + 60_000 })
    const stopped = await addJob(f.store, group)
    await f.store.ring.insert([fire(running, T0), fire(running, T0 + 1000), fire(running, T0 + 90_000), fire(stopped, T0 + 5), fire(999, T0 + 6)], 'dead')
    expect((await f.store.ring.findStaleJobIds(T0 + 10_000, 10)).sort((x, y) => x - y)).toEqual([running, stopped, 999])
    expect(await f.store.ring.findStaleJobIds(T0 + 10_000, 1)).toHaveLength(1)
    const stale = await f.store.transaction((tx) => tx.ring.claimStaleOf([running, stopped, 999], T0 + 10_000))
    expect(stale).toEqual([
      { ...fire(running, T0), misfireStrategy: 'FIRE_ONCE_NOW', triggerStatus: 1 },
      { ...fire(running, T0 + 1000), misfireStrategy: 'FIRE_ONCE_NOW', triggerStatus: 1 },
      { ...fire(stopped, T0 + 5), misfireStrategy: 'DO_NOTHING', triggerStatus: 0 },
      // A job deleted meanwhile: its fire is handed back as stopped, to be dropped.
      { ...fire(999, T0 + 6), misfireStrategy: 'DO_NOTHING', triggerStatus: 0 },
    ])
    expect(await f.store.ring.ofNode('dead')).toEqual([fire(running, T0 + 90_000)])
    expect(await f.store.transaction((tx) => tx.ring.claimStaleOf([running], T0 + 10_000))).toEqual([])
  })

  it("gives two scans claiming the same job's outage at once the fires once: the one holding the job's row", async () => {
    const group = await addGroup(f.store)
    const job = await addJob(f.store, group, { misfireStrategy: 'FIRE_ONCE_NOW' }, { nextMs: T0 + 60_000 })
    await f.store.ring.insert([fire(job, T0), fire(job, T0 + 1)], 'dead')
    // As the scan does: a job's stale fires are claimed only by the scan that locked the job.
    const claim = async (tx: Parameters<Parameters<typeof f.store.transaction>[0]>[0], meet: () => Promise<void>) => {
      const { locked } = await tx.jobs.lockForScan([job])
      const stale = locked.has(job) ? await tx.ring.claimStaleOf([job], T0 + 10_000) : []
      await meet()
      return stale.length
    }
    const [a, b] = await overlapping(f, claim, claim)
    expect([a, b]).toEqual([2, 0])
  })

  it("cancels a job's pending fires only", async () => {
    await f.store.ring.insert([fire(1, T0), fire(1, T0 + 1), fire(2, T0)], 'node-a')
    await f.store.ring.deleteForJob(1)
    expect(await f.store.ring.ofNode('node-a')).toEqual([fire(2, T0)])
  })
})
