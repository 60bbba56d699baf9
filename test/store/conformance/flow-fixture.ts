import { NO_DEADLINES } from '../../../src/shared/deadline-terms'
import type { NewFlowRun } from '../../../src/main/domain/flows'
import type { Repos, Store } from '../../../src/main/store/store'
import type { Flow, FlowDefinition } from '../../../src/shared/flow-types'
import { lockWaiters } from '../../support/lock-waits'
import { waitFor } from '../../support/wait-for'
import { Gate, T0, type StoreFixture } from './store-fixture'

/** What the flow conformance files share: a flow and a run of its graph, and two nodes' transactions on one lock. */

const GRAPH: FlowDefinition = {
  nodes: [
    { key: 'extract', jobId: 1 },
    { key: 'load', jobId: 2, param: '${nodes.extract.output}', triggerRule: 'all_success' },
    { key: 'sign_off', kind: 'approval', prompt: 'Publish?', timeoutSec: 3600 },
  ],
  edges: [
    { from: 'extract', to: 'load' },
    { from: 'load', to: 'sign_off' },
  ],
}

export function flow(name: string, over: Partial<Omit<Flow, 'id'>> = {}): Omit<Flow, 'id'> {
  return {
    name,
    description: `the ${name} flow`,
    scheduleType: 'CRON',
    scheduleConf: '0 0 * * * ?',
    timezone: 'Europe/Berlin',
    calendar: null,
    calendarRule: 'BUSINESS_DAYS',
    calendarRoll: 'SKIP',
    misfireStrategy: 'FIRE_ONCE_NOW',
    maxActiveRuns: 1,
    overlap: 'QUEUE',
    timeoutSec: 600,
    alarmEmail: 'ops@example.com',
    alarmAfterFailures: null,
    alarmQuietSec: null,
    param: 'p=1',
    ...NO_DEADLINES,
    ...GRAPH,
    triggerStatus: 0,
    triggerNextTimeMs: 0,
    triggerLastTimeMs: 0,
    addTimeMs: T0,
    updateTimeMs: T0,
    ...over,
  }
}

export function run(flowId: number, over: Partial<NewFlowRun> = {}): NewFlowRun {
  return {
    flowId,
    state: 'running',
    triggerType: 'MANUAL',
    param: 'p=1',
    scheduleTimeMs: null,
    definition: GRAPH,
    startTimeMs: T0,
    addTimeMs: T0,
    ...over,
  }
}

export const KEYS = ['extract', 'load', 'sign_off']

export async function addRun(repos: Pick<Repos, 'flowRuns'>, flowId: number, over: Partial<NewFlowRun> = {}): Promise<number> {
  return (await repos.flowRuns.insertRun(run(flowId, over), KEYS))!
}

/**
 * `holder` runs in a transaction of this node up to its `hold`, which keeps the transaction open
 * until `waiter`, in another node's transaction, is seen waiting for a lock on the server. A waiter
 * that needs a lock the holder took must wait for its commit, so what it sees is the holder's outcome.
 * SQLite has one writer per file: there the waiter runs once the holder has committed.
 */
export async function whileHeld<T>(
  f: StoreFixture,
  holder: (tx: Repos, hold: () => Promise<void>) => Promise<void>,
  waiter: (tx: Repos) => Promise<T>,
): Promise<T> {
  const other: Store = await f.another()
  if (f.engine === 'sqlite') {
    await f.store.transaction((tx) => holder(tx, async () => {}))
    return other.transaction(waiter)
  }
  const held = new Gate()
  const released = new Gate()
  const first = f.store.transaction((tx) =>
    holder(tx, async () => {
      held.open()
      await released.reached
    }),
  )
  await Promise.race([held.reached, first])
  const second = other.transaction(waiter)
  // Either transaction ending first (a failure, or no lock to wait for) ends the wait too: its
  // outcome is then what the test sees.
  let ended = false
  for (const tx of [first, second])
    void tx.then(
      () => (ended = true),
      () => (ended = true),
    )
  try {
    await waitFor(`the other node's transaction on ${f.engine} to wait for the lock`, async () => ended || (await lockWaiters(f.database)) > 0)
  } catch (error) {
    released.open()
    await Promise.allSettled([first, second])
    throw error
  }
  released.open()
  await first
  return second
}
