import { afterEach, describe, expect, it } from 'vitest'
import { NODE_LEASE_MS } from '../../../src/main/cluster/node-membership'
import { ensureEmbeddedGroup } from '../../../src/main/definitions/seed-demo'
import { storedJobOf } from '../../../src/main/store/job-repo'
import { openStore } from '../../../src/main/store/open-store'
import type { Store } from '../../../src/main/store/store'
import { EMBEDDED_APP_NAME, type MisfireStrategy } from '../../../src/shared/model'
import { databaseNumber, databaseRows } from '../../support/database-rows'
import { withDatabase, type TestDatabase } from '../../support/db-servers'
import { startHeadlessChild, type HeadlessChild } from '../../support/headless-child'
import { jobInput } from '../../support/job-input'
import { waitFor } from '../../support/wait-for'

/** The load: every-second jobs on the embedded executors, half of each misfire strategy. */
const JOBS_PER_STRATEGY = 250
/** The slowdown: each node stopped for this long in turn, once every round, for ROUNDS rounds (2 minutes). */
const PAUSE_MS = 1000
const ROUND_MS = 10_000
const ROUNDS = 12
/** A pause past the lease: the other node must take the paused one over. */
const LONG_PAUSE_MS = NODE_LEASE_MS + 3000

/** Plants `count` running every-second cron jobs with `strategy` on the embedded group, first due at `nextMs`. */
async function everySecondJobs(store: Store, count: number, strategy: MisfireStrategy, nextMs: number): Promise<void> {
  const group = await ensureEmbeddedGroup(store.groups, Date.now())
  await store.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      const input = jobInput(group, { name: `${strategy} ${i}`, scheduleConf: '* * * * * ?', misfireStrategy: strategy, executorRouteStrategy: 'ROUND' })
      const id = await tx.jobs.insert(storedJobOf(input, Date.now()))
      await tx.jobs.setTrigger(id, 1, 0, nextMs, Date.now())
    }
  })
}

/** The test's schedule of faults (not a wait for a result): resolves at `timeMs`. */
const at = (timeMs: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, timeMs - Date.now())))

/** The fault: `node` stopped (SIGSTOP) for `ms`, then let go on. */
async function pause(node: HeadlessChild, ms: number): Promise<void> {
  node.child.kill('SIGSTOP')
  try {
    await at(Date.now() + ms)
  } finally {
    node.child.kill('SIGCONT')
  }
}

interface NodeRow {
  node_id: string
  node_name: string
  epoch: number
  embedded_address: string
}

const nodeRows = async (database: TestDatabase) =>
  (await databaseRows<NodeRow>(database, 'SELECT node_id, node_name, epoch, embedded_address FROM job_node ORDER BY node_name')).map((row) => ({
    ...row,
    epoch: Number(row.epoch),
  }))

/** Runs that failed because their group had no executor address to route to. */
const noAddressRuns = (database: TestDatabase) => databaseNumber(database, "SELECT COUNT(*) FROM job_log WHERE trigger_code = 500 AND executor_address = ''")

/** Scheduled times written twice for one job (the unique guard would refuse them: a duplicate would be a failed write). */
const duplicateFires = (database: TestDatabase) =>
  databaseNumber(
    database,
    'SELECT COUNT(*) FROM (SELECT job_id, schedule_time FROM job_log WHERE schedule_time > 0 GROUP BY job_id, schedule_time HAVING COUNT(*) > 1) d',
  )

/** Every join raises the cluster's epoch counter: two nodes that never rejoined leave it at 2. */
const epochCounter = (database: TestDatabase) => databaseNumber(database, "SELECT version FROM job_version WHERE name = 'node-epoch'")

/** The latest scheduled time with a run, in epoch ms. */
const lastFire = (database: TestDatabase) => databaseNumber(database, 'SELECT COALESCE(MAX(schedule_time), 0) FROM job_log')

describe.each(['postgres', 'mysql'] as const)('two busy nodes on %s keep their leases', (engine) => {
  let database: TestDatabase
  const nodes: HeadlessChild[] = []
  const stores: Store[] = []
  afterEach(async () => {
    for (const node of nodes) if (node.alive()) node.child.kill('SIGCONT')
    await Promise.allSettled(nodes.splice(0).map((node) => node.dispose()))
    await Promise.allSettled(stores.splice(0).map((store) => store.close()))
    await database?.drop()
  })

  it('stopped for 1 s in turn for 2 minutes: no take-over, no duplicate, no "no address"; stopped past the lease: taken over, and back with its executor at once', async () => {
    database = await withDatabase(engine)
    const direct = await openStore(database.url)
    stores.push(direct)
    const firstFireMs = Math.ceil((Date.now() + 5000) / 1000) * 1000
    await everySecondJobs(direct, JOBS_PER_STRATEGY, 'FIRE_ONCE_NOW', firstFireMs)
    await everySecondJobs(direct, JOBS_PER_STRATEGY, 'DO_NOTHING', firstFireMs)
    for (const name of ['node-a', 'node-b']) nodes.push(await startHeadlessChild({ extraArgs: ['--database', database.url, '--node-name', name] }))
    const [a, b] = nodes
    await waitFor('both nodes joined', async () => (await nodeRows(database)).length === 2)
    await waitFor('the jobs firing', async () => (await lastFire(database)) >= firstFireMs, 60_000)

    // Each node stopped for a second in turn, every 10 s: renewals come late, never past the lease.
    for (let round = 0; round < ROUNDS; round++) {
      const roundStartMs = Date.now()
      await pause(a, PAUSE_MS)
      await at(roundStartMs + ROUND_MS / 2)
      await pause(b, PAUSE_MS)
      await at(roundStartMs + ROUND_MS)
    }
    const loadEndMs = Date.now()
    await waitFor('the fires of the load phase written', async () => (await lastFire(database)) >= loadEndMs - 1000, 30_000)
    expect(await epochCounter(database), 'joins: a node was taken for dead that was never paused past its lease').toBe(2)
    for (const node of nodes) expect(node.output()).not.toMatch(/taken over: the cluster took this node for dead/)
    expect(await noAddressRuns(database)).toBe(0)
    expect(await duplicateFires(database)).toBe(0)

    // Node A stopped past its lease: node B takes it over while it is stopped.
    const before = await nodeRows(database)
    const aBefore = before.find((row) => row.node_name === 'node-a')!
    a.child.kill('SIGSTOP')
    const longPauseStartMs = Date.now()
    try {
      await waitFor('node B to take node A over', async () => (await nodeRows(database)).every((row) => row.node_name !== 'node-a'), 30_000)
      // The take-over removed A's embedded executor from the registry with A's row.
      expect(await databaseNumber(database, `SELECT COUNT(*) FROM job_registry WHERE registry_value = '${aBefore.embedded_address}'`)).toBe(0)
      await at(longPauseStartMs + LONG_PAUSE_MS)
    } finally {
      a.child.kill('SIGCONT')
    }
    // A finds its row gone and joins again with a new epoch, its embedded executor registered in
    // the same transaction: whenever its new row is seen, its registration is there too.
    const rejoined = await waitFor('node A to join again', async () => {
      const row = (await nodeRows(database)).find((r) => r.node_name === 'node-a')
      return row && row.epoch > aBefore.epoch && row
    })
    expect(rejoined.epoch).toBe(3)
    expect(await databaseNumber(database, `SELECT COUNT(*) FROM job_registry WHERE registry_value = '${rejoined.embedded_address}'`)).toBe(1)
    const embeddedList = await databaseRows<{ address_list: string }>(database, `SELECT address_list FROM job_group WHERE app_name = '${EMBEDDED_APP_NAME}'`)
    expect(embeddedList[0].address_list.split(',')).toContain(rejoined.embedded_address)
    expect(a.output()).toMatch(/taken over: the cluster took this node for dead/)
    expect(b.output()).not.toMatch(/taken over: the cluster took this node for dead/)

    // Ten seconds of fires after the rejoin: none without an address, none twice, and nobody else taken over.
    const rejoinedAtMs = Date.now()
    await waitFor('ten seconds of fires after the rejoin', async () => (await lastFire(database)) >= rejoinedAtMs + 10_000, 60_000)
    expect(await noAddressRuns(database)).toBe(0)
    expect(await duplicateFires(database)).toBe(0)
    expect(await epochCounter(database)).toBe(3)
  }, 420_000)
})
