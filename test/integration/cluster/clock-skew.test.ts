import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { releasedOwnerOf } from '../../../src/main/cluster/node-membership'
import { ensureEmbeddedGroup } from '../../../src/main/definitions/seed-demo'
import { storedJobOf } from '../../../src/main/store/job-repo'
import { openStore } from '../../../src/main/store/open-store'
import type { Store } from '../../../src/main/store/store'
import { databaseNumber, databaseRows } from '../../support/database-rows'
import { withDatabase, type TestDatabase } from '../../support/db-servers'
import { jobInput } from '../../support/job-input'
import { schedulingNode, type SchedulingNode } from '../../support/scheduling-node'
import { waitFor } from '../../support/wait-for'

/**
 * Nodes on manual clocks set from this machine's clock (the test database's server runs here, on
 * it) plus an offset: a node whose offset is 2 s reads the server's clock 2 s off its own. Each
 * second waits for the machine's clock to reach it, so the offsets stay what the test says.
 */
interface SkewedNode {
  node: SchedulingNode
  offsetMs: number
}

/** Plants `count` running every-second cron jobs whose next fire is `nextMs`. */
async function everySecondJobs(store: Store, count: number, nextMs: number): Promise<void> {
  const group = await ensureEmbeddedGroup(store.groups, nextMs)
  await store.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const id = await tx.jobs.insert(storedJobOf(jobInput(group, { name: `every second ${i}`, scheduleConf: '* * * * * ?' }), nextMs))
      await tx.jobs.setTrigger(id, 1, 0, nextMs, nextMs)
    }
  })
}

/**
 * The nodes' second `atMs` (by the database's clock) once it has come, each node at its own clock's
 * reading of the moment: the machine's clock plus its offset (a loaded machine may be past `atMs`).
 */
async function second(nodes: readonly SkewedNode[], atMs: number): Promise<void> {
  await waitFor(`the second ${new Date(atMs).toISOString()}`, () => Date.now() >= atMs, 5_000)
  await Promise.all(nodes.map(({ node, offsetMs }) => node.second(Date.now() + offsetMs)))
}

const skewOf = async (store: Store, nodeId: string) => (await store.nodes.list()).find((n) => n.nodeId === nodeId)?.clockSkewMs

describe.each(['postgres', 'mysql'] as const)("clock skew against the %s server's clock", (engine) => {
  let database: TestDatabase
  const stores: Store[] = []
  const open = async () => {
    const store = await openStore(database.url)
    stores.push(store)
    return store
  }
  beforeEach(async () => {
    database = await withDatabase(engine)
  })
  afterEach(async () => {
    await Promise.allSettled(stores.splice(0).map((store) => store.close()))
    await database.drop()
  })

  it('a node 2 s ahead is reported in its row and plans and fires nothing; the other node fires every second of every job, none early', async () => {
    const startMs = Math.ceil(Date.now() / 1000) * 1000 + 1000
    const first = await open()
    await everySecondJobs(first, 20, startMs)
    const right: SkewedNode = { node: schedulingNode(first, 'right', Date.now(), 250, true), offsetMs: 0 }
    const ahead: SkewedNode = { node: schedulingNode(await open(), 'ahead', Date.now() + 2000, 250, true), offsetMs: 2000 }
    await Promise.all([right.node.join(), ahead.node.join()])
    // Measured at the join, before any scan.
    expect(ahead.node.membership.leads()).toBe(false)
    expect(ahead.node.membership.clockSkew()).toMatchObject({ state: 'refuse', skewMs: expect.toSatisfy((ms: number) => ms > 1500 && ms <= 2000) })

    const seconds = 6
    for (let s = 0; s < seconds; s++) await second([right, ahead], startMs + s * 1000)

    expect(await skewOf(first, 'ahead')).toSatisfy((ms: number) => ms > 1500 && ms <= 2000)
    expect(right.node.membership.leads()).toBe(true)
    expect(Math.abs((await skewOf(first, 'right'))!)).toBeLessThan(500)
    expect(ahead.node.runsWritten()).toBe(0)
    const lastMs = startMs + (seconds - 1) * 1000
    // Every second of every job once (the right node wrote them), stamped no earlier than its time.
    const runs = await databaseRows<{ s: unknown; t: unknown; node: string }>(
      database,
      `SELECT schedule_time AS s, trigger_time AS t, trigger_node AS node FROM job_log WHERE schedule_time <= ${lastMs}`,
    )
    expect(runs).toHaveLength(20 * seconds)
    expect(new Set(runs.map((r) => r.node))).toEqual(new Set(['right']))
    expect(runs.filter((r) => Number(r.t) < Number(r.s))).toEqual([])
  }, 60_000)

  it('a node whose clock goes off hands its planned fires to the other node at once, none lost or doubled, and leads again once it is back', async () => {
    const startMs = Math.ceil(Date.now() / 1000) * 1000 + 1000
    const first = await open()
    await everySecondJobs(first, 40, startMs)
    // Pages of 10: both nodes' scans take a share of the 40 jobs.
    const steady: SkewedNode = { node: schedulingNode(first, 'steady', Date.now(), 10, true), offsetMs: 0 }
    const drifting: SkewedNode = { node: schedulingNode(await open(), 'drifting', Date.now(), 10, true), offsetMs: 0 }
    await Promise.all([steady.node.join(), drifting.node.join()])
    // Its seconds before the other's: its scans take the jobs due, so it holds planned fires.
    for (let s = 0; s < 2; s++) {
      await second([drifting], startMs + s * 1000)
      await second([steady], startMs + s * 1000)
    }
    const planned = await databaseNumber(database, "SELECT COUNT(*) FROM job_ring WHERE node_id = 'drifting'")
    expect(planned).toBeGreaterThan(0)
    const writtenBefore = drifting.node.runsWritten()

    // Its clock jumps 2 s ahead: at its next beat it stops leading and passes its planned fires on.
    drifting.offsetMs = 2000
    await second([drifting], startMs + 2000)
    expect(drifting.node.membership.leads()).toBe(false)
    expect(await databaseNumber(database, "SELECT COUNT(*) FROM job_ring WHERE node_id = 'drifting'")).toBe(0)
    expect(await databaseNumber(database, `SELECT COUNT(*) FROM job_ring WHERE node_id = '${releasedOwnerOf('drifting')}'`)).toBeGreaterThan(0)
    // The steady node's beat in the same second takes them over and fires them.
    await second([steady], startMs + 2000)
    expect(await databaseNumber(database, `SELECT COUNT(*) FROM job_ring WHERE node_id = '${releasedOwnerOf('drifting')}'`)).toBe(0)
    for (let s = 3; s < 5; s++) await second([steady, drifting], startMs + s * 1000)
    expect(drifting.node.runsWritten()).toBe(writtenBefore)

    // Set right again: it leads from its next beat on (its second first, so its scan finds the jobs due).
    drifting.offsetMs = 0
    await second([drifting], startMs + 5000)
    await second([steady], startMs + 5000)
    expect(drifting.node.membership.leads()).toBe(true)
    // Its scan plans again (fires 5 s ahead: they are in its part of the ring).
    expect(await databaseNumber(database, "SELECT COUNT(*) FROM job_ring WHERE node_id = 'drifting'")).toBeGreaterThan(0)
    for (let s = 6; s < 8; s++) await second([steady, drifting], startMs + s * 1000)
    expect(Math.abs((await skewOf(first, 'drifting'))!)).toBeLessThan(500)

    const lastMs = startMs + 7000
    const perFire = await databaseRows<{ n: unknown; k: unknown }>(
      database,
      `SELECT n, COUNT(*) AS k FROM (SELECT COUNT(*) AS n FROM job_log WHERE schedule_time <= ${lastMs} GROUP BY job_id, schedule_time) per_fire GROUP BY n`,
    )
    // Every (job, second) once: 40 jobs × 8 seconds, none twice.
    expect(perFire.map((r) => [Number(r.n), Number(r.k)])).toEqual([[1, 40 * 8]])
    const early = await databaseNumber(database, `SELECT COUNT(*) FROM job_log WHERE schedule_time <= ${lastMs} AND trigger_time < schedule_time`)
    expect(early).toBe(0)
  }, 60_000)
})
