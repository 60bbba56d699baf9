import { QueueRunner } from '../../src/main/capacity/queue-runner'
import { ensureEmbeddedGroup } from '../../src/main/definitions/seed-demo'
import { ManualClock } from '../../src/main/kernel/clock'
import { silentLogger } from '../../src/main/kernel/logger'
import { storedJobOf } from '../../src/main/store/job-repo'
import type { Store } from '../../src/main/store/store'
import type { PreparedRun } from '../../src/main/trigger/prepare-runs'
import { TriggerService } from '../../src/main/trigger/trigger-service'
import { jobInput } from './job-input'
import { SOLE_FENCE } from './sole-fence'

/** What a simulated pool run shows: each run's row as written, and when each queued run was queued. */
export interface PoolSimulation {
  runs: { id: number; jobId: number; priority: number; startMs: number; endMs: number; handleCode: number; queuedAtMs: number | null }[]
  fires: number
  /** The most runs that held the pool's slots at one instant, from the rows' start and end times. */
  maxRunning: number
  /** Pairs (waiting, started) where a run started while a run of higher priority was already waiting. */
  priorityInversions: [number, number][]
}

const TICK_MS = 100

/**
 * `jobCount` every-second jobs sharing pool `oracle` of `slots` slots, fired for `seconds` of a
 * manual clock by `nodes` trigger services on one database (job i on node i mod n; the nodes write
 * each second's runs side by side), each run lasting `runMs`; the queue is run by the first node. Executors are simulated: a dispatched run
 * is recorded as triggered at once and completed `runMs` later.
 */
export async function simulatePool(options: {
  /** Each node with its own store on the one database; the first runs the queue. */
  nodes: { id: string; store: Store }[]
  jobCount: number
  slots: number
  seconds: number
  runMs: number
  t0: number
  priorityOf: (i: number) => number
}): Promise<PoolSimulation> {
  const { nodes, jobCount, slots, seconds, runMs, t0 } = options
  const store = nodes[0].store
  const clock = new ManualClock(t0)
  const group = await ensureEmbeddedGroup(store.groups, t0)
  await store.pools.insert({ name: 'oracle', slots, description: '', updatedAtMs: t0, updatedBy: 'test' })
  const jobIds: number[] = []
  const priorities = new Map<number, number>()
  for (let i = 0; i < jobCount; i++) {
    const priority = options.priorityOf(i)
    const input = jobInput(group, { name: `pooled ${i}`, scheduleConf: '* * * * * ?', pools: [{ name: 'oracle', slots: 1 }], priority })
    const id = await store.jobs.insert(storedJobOf(input, t0))
    await store.jobs.setTrigger(id, 1, 0, t0 + 1000, t0)
    jobIds.push(id)
    priorities.set(id, priority)
  }
  const ends = new Map<number, number>()
  const queuedAt = new Map<number, number>()
  const work: Promise<unknown>[] = []
  const started = (run: PreparedRun) => {
    ends.set(run.logId, clock.nowMs() + runMs)
    work.push(store.runs.recordOutcomes([{ logId: run.logId, executorAddress: 'http://127.0.0.1:1/', triggerCode: 200, triggerMsg: '' }]))
  }
  const services = nodes.map(
    ({ id: nodeId, store }) =>
      new TriggerService({
        store,
        pool: { submit: started },
        clock,
        logger: silentLogger,
        nodeId,
        fence: SOLE_FENCE,
        onWritten: (runs) => runs.forEach((r) => r.queued && queuedAt.set(r.logId, r.triggerTimeMs)),
      }),
  )
  const runner = new QueueRunner({
    store,
    fence: SOLE_FENCE,
    clock,
    logger: silentLogger,
    nodeId: nodes[0].id,
    steps: () => true,
    dispatch: (logIds) => work.push(services[0].dispatchQueued(logIds)),
    ended: () => {},
  })
  const settle = async () => {
    while (work.length > 0) await Promise.all(work.splice(0))
  }
  const totalTicks = ((seconds + 5) * 1000) / TICK_MS
  for (let tick = 1; tick <= totalTicks; tick++) {
    await clock.advance(TICK_MS)
    const now = clock.nowMs()
    const due = [...ends].filter(([, end]) => end <= now).map(([logId]) => logId)
    if (due.length > 0) {
      for (const logId of due) ends.delete(logId)
      await store.runs.complete(due.map((logId) => ({ logId, handleCode: 200, handleMsg: '', handleTimeMs: now })))
    }
    if ((now - t0) % 1000 === 0 && now - t0 <= seconds * 1000) {
      await Promise.all(
        nodes.map(async (node, n) => {
          const fires = jobIds
            .filter((_, i) => i % nodes.length === n)
            .map((jobId) => ({ jobId, scheduleTimeMs: now, fireAtMs: now, triggerType: 'CRON' as const }))
          await node.store.ring.insert(fires, node.id)
          await services[n].fireScheduled(fires, now)
        }),
      )
    }
    await settle()
    await runner.pass()
    await settle()
  }
  // At most 1000 runs a page: the simulations here write fewer.
  const rows = await store.runs.list({ limit: 1000 })
  const runs = rows
    .map((r) => ({
      id: r.id,
      jobId: r.jobId,
      priority: priorities.get(r.jobId)!,
      startMs: r.triggerTimeMs,
      endMs: r.handleTimeMs,
      handleCode: r.handleCode,
      queuedAtMs: queuedAt.get(r.id) ?? null,
    }))
    .sort((a, b) => a.id - b.id)
  return { runs, fires: seconds * jobCount, maxRunning: maxOverlap(runs), priorityInversions: inversions(runs) }
}

/** The most [start, end) intervals that overlap at one instant. */
function maxOverlap(runs: readonly { startMs: number; endMs: number }[]): number {
  const edges = runs.flatMap((r) => [
    [r.startMs, 1],
    [r.endMs, -1],
  ])
  // An end before a start at the same instant: a slot freed at t is taken at t.
  edges.sort((a, b) => a[0] - b[0] || a[1] - b[1])
  let now = 0
  let max = 0
  for (const [, step] of edges) max = Math.max(max, (now += step))
  return max
}

/**
 * A run B that started at s while a run A of higher priority had waited since before s and started
 * after it. Runs written at the same instant by two nodes are ordered by their transactions' commits,
 * not by priority: a run admitted in a transaction that committed first is no inversion.
 */
function inversions(runs: PoolSimulation['runs']): [number, number][] {
  const found: [number, number][] = []
  for (const b of runs)
    for (const a of runs) if (a.priority < b.priority && a.queuedAtMs !== null && a.queuedAtMs < b.startMs && a.startMs > b.startMs) found.push([a.id, b.id])
  return found
}
