import { describe, expect, it } from 'vitest'
import { releasedOwnerOf } from '../../../src/main/cluster/node-membership'
import type { Store } from '../../../src/main/store/store'
import { databaseNumber, databaseRows } from '../../support/database-rows'
import { plantEverySecondJobs } from '../../support/every-second-jobs'
import { storesPerTest } from '../../support/stores-per-test'
import { schedulingNode, type SchedulingNode } from '../../support/scheduling-node'

const T0 = 1_767_225_600_000 // 2026-01-01T00:00:00Z, on a second

/**
 * A node on a manual clock `offsetMs` off the database server's, which the test keeps too: the
 * nodes' heartbeats read it in place of the server's (scheduling-node.ts), so the skew is exact and
 * the test's time is its own, not the machine's.
 */
interface SkewedNode {
  node: SchedulingNode
  offsetMs: number
}

/** The database server's clock, as the test moves it. */
const server = { nowMs: T0 }
const serverClock = () => server.nowMs

const everySecondJobs = (store: Store, count: number, nextMs: number) => plantEverySecondJobs(store, count, nextMs, T0)

/** The nodes' second `atMs` by the database server's clock, each node at its own clock's reading of it. */
async function second(nodes: readonly SkewedNode[], atMs: number): Promise<void> {
  server.nowMs = atMs
  await Promise.all(nodes.map(({ node, offsetMs }) => node.second(atMs + offsetMs)))
}

const skewOf = async (store: Store, nodeId: string) => (await store.nodes.list()).find((n) => n.nodeId === nodeId)?.clockSkewMs

describe.each(['postgres', 'mysql'] as const)("nodes on %s measured against the database server's clock (the test's clock standing in)", (engine) => {
  const db = storesPerTest(engine)
  const open = () => db.open()

  it('a node 2 s ahead is reported in its row and plans and fires nothing; the other node fires every second of every job, none early', async () => {
    const startMs = T0 + 1000
    server.nowMs = T0
    const first = await open()
    await everySecondJobs(first, 20, startMs)
    const right: SkewedNode = { node: schedulingNode(first, 'right', T0, 250, serverClock), offsetMs: 0 }
    const ahead: SkewedNode = { node: schedulingNode(await open(), 'ahead', T0 + 2000, 250, serverClock), offsetMs: 2000 }
    await Promise.all([right.node.join(), ahead.node.join()])
    // Measured at the join, before any scan.
    expect(ahead.node.membership.leads()).toBe(false)
    expect(ahead.node.membership.clockSkew()).toEqual({ state: 'refuse', skewMs: 2000, uncertaintyMs: 0 })

    const seconds = 6
    for (let s = 0; s < seconds; s++) await second([right, ahead], startMs + s * 1000)

    expect(await skewOf(first, 'ahead')).toBe(2000)
    expect(right.node.membership.leads()).toBe(true)
    expect(await skewOf(first, 'right')).toBe(0)
    expect(ahead.node.runsWritten()).toBe(0)
    const lastMs = startMs + (seconds - 1) * 1000
    // Every second of every job once (the right node wrote them), stamped no earlier than its time.
    const runs = await databaseRows<{ s: unknown; t: unknown; node: string }>(
      db.database,
      `SELECT schedule_time AS s, trigger_time AS t, trigger_node AS node FROM job_log WHERE schedule_time <= ${lastMs}`,
    )
    expect(runs).toHaveLength(20 * seconds)
    expect(new Set(runs.map((r) => r.node))).toEqual(new Set(['right']))
    expect(runs.filter((r) => Number(r.t) < Number(r.s))).toEqual([])
  }, 60_000)

  it('a node whose clock goes off hands its planned fires to the other node at once, none lost or doubled, and leads again once it is back', async () => {
    const startMs = T0 + 1000
    server.nowMs = T0
    const first = await open()
    await everySecondJobs(first, 40, startMs)
    // Pages of 10: both nodes' scans take a share of the 40 jobs.
    const steady: SkewedNode = { node: schedulingNode(first, 'steady', T0, 10, serverClock), offsetMs: 0 }
    const drifting: SkewedNode = { node: schedulingNode(await open(), 'drifting', T0, 10, serverClock), offsetMs: 0 }
    await Promise.all([steady.node.join(), drifting.node.join()])
    // Its seconds before the other's: its scans take the jobs due, so it holds planned fires.
    for (let s = 0; s < 2; s++) {
      await second([drifting], startMs + s * 1000)
      await second([steady], startMs + s * 1000)
    }
    const planned = await databaseNumber(db.database, "SELECT COUNT(*) FROM job_ring WHERE node_id = 'drifting'")
    expect(planned).toBeGreaterThan(0)
    const writtenBefore = drifting.node.runsWritten()

    // Its clock jumps 2 s ahead: at its next beat it stops leading and passes its planned fires on.
    drifting.offsetMs = 2000
    await second([drifting], startMs + 2000)
    expect(drifting.node.membership.leads()).toBe(false)
    expect(await databaseNumber(db.database, "SELECT COUNT(*) FROM job_ring WHERE node_id = 'drifting'")).toBe(0)
    expect(await databaseNumber(db.database, `SELECT COUNT(*) FROM job_ring WHERE node_id = '${releasedOwnerOf('drifting')}'`)).toBeGreaterThan(0)
    // The steady node's beat in the same second takes them over and fires them.
    await second([steady], startMs + 2000)
    expect(await databaseNumber(db.database, `SELECT COUNT(*) FROM job_ring WHERE node_id = '${releasedOwnerOf('drifting')}'`)).toBe(0)
    for (let s = 3; s < 5; s++) await second([steady, drifting], startMs + s * 1000)
    expect(drifting.node.runsWritten()).toBe(writtenBefore)

    // Set right again: it leads from its next beat on (its second first, so its scan finds the jobs due).
    drifting.offsetMs = 0
    await second([drifting], startMs + 5000)
    await second([steady], startMs + 5000)
    expect(drifting.node.membership.leads()).toBe(true)
    // Its scan plans again (fires 5 s ahead: they are in its part of the ring).
    expect(await databaseNumber(db.database, "SELECT COUNT(*) FROM job_ring WHERE node_id = 'drifting'")).toBeGreaterThan(0)
    for (let s = 6; s < 8; s++) await second([steady, drifting], startMs + s * 1000)
    expect(await skewOf(first, 'drifting')).toBe(0)

    const lastMs = startMs + 7000
    const perFire = await databaseRows<{ n: unknown; k: unknown }>(
      db.database,
      `SELECT n, COUNT(*) AS k FROM (SELECT COUNT(*) AS n FROM job_log WHERE schedule_time <= ${lastMs} GROUP BY job_id, schedule_time) per_fire GROUP BY n`,
    )
    // Every (job, second) once: 40 jobs × 8 seconds, none twice.
    expect(perFire.map((r) => [Number(r.n), Number(r.k)])).toEqual([[1, 40 * 8]])
    const early = await databaseNumber(db.database, `SELECT COUNT(*) FROM job_log WHERE schedule_time <= ${lastMs} AND trigger_time < schedule_time`)
    expect(early).toBe(0)
  }, 60_000)

  it('a node 2 s ahead takes no node for dead by its clock: a pause of 1.5 s of the other costs nothing', async () => {
    server.nowMs = T0
    const rightStore = await open()
    const right: SkewedNode = { node: schedulingNode(rightStore, 'right', T0, 250, serverClock), offsetMs: 0 }
    const ahead: SkewedNode = { node: schedulingNode(await open(), 'ahead', T0 + 2000, 250, serverClock), offsetMs: 2000 }
    await Promise.all([right.node.join(), ahead.node.join()])
    const epoch = right.node.membership.lease()!.epoch
    await second([right, ahead], T0 + 1000)
    // The right node pauses 1.5 s: its lease (3 s from its last beat) holds by the database's clock,
    // but has run out by the ahead node's.
    await second([ahead], T0 + 2000)
    await second([ahead], T0 + 2500)
    expect((await rightStore.nodes.list()).map((n) => n.nodeId).sort()).toEqual(['ahead', 'right'])
    await second([right, ahead], T0 + 3000)
    expect(right.node.membership.lease()).toEqual({ nodeId: 'right', epoch })
  })
})
