import { expect, it } from 'vitest'
import { FlowEngine } from '../../../src/main/flows/flow-engine'
import type { FlowEngineDeps } from '../../../src/main/flows/flow-engine-deps'
import { newFlowRun } from '../../../src/main/flows/flow-starts'
import { ManualClock } from '../../../src/main/kernel/clock'
import { silentLogger } from '../../../src/main/kernel/logger'
import type { Store } from '../../../src/main/store/store'
import type { Flow } from '../../../src/shared/flow-types'
import { flow } from './flow-fixture'
import { storeSuite, T0 } from './store-fixture'

/** A flow engine of one server node on `store`; nothing here runs a job (the child waits on an approval). */
function engineOn(store: Store, clock: ManualClock): FlowEngine {
  const deps: FlowEngineDeps = {
    store,
    trigger: () => Promise.reject(new Error('no job node in these flows')),
    expedite: () => {},
    killRun: () => Promise.resolve(),
    clock,
    logger: silentLogger,
    changed: () => {},
    announce: () => {},
  }
  return new FlowEngine(deps)
}

/** Parent runs both nodes advance at once: enough for their claims to meet. */
const PARENTS = 12

storeSuite(
  'sub-flow runs across two server nodes',
  (f) => {
    async function setUp() {
      const clock = new ManualClock(T0)
      const [a, b] = [engineOn(f.store, clock), engineOn(await f.another(), clock)]
      const childId = await f.store.flows.insert(
        flow('child', {
          scheduleType: 'NONE',
          maxActiveRuns: 100,
          overlap: 'SKIP',
          nodes: [{ key: 'ok', kind: 'approval', prompt: 'go?', timeoutSec: 0 }],
          edges: [],
        }),
      )
      const parentId = await f.store.flows.insert(
        flow('parent', {
          scheduleType: 'NONE',
          maxActiveRuns: 100,
          nodes: [{ key: 'sub', kind: 'subflow', flowId: childId, param: '${flow.param}!' }],
          edges: [],
        }),
      )
      const parent = (await f.store.flows.get(parentId)) as Flow
      const runIds: number[] = []
      for (let i = 0; i < PARENTS; i++) {
        runIds.push(
          (await f.store.transaction((tx) => tx.flowRuns.insertRun(newFlowRun(parent, { triggerType: 'MANUAL', param: `p${i}` }, 'running', T0), ['sub'])))!,
        )
      }
      return { clock, a, b, childId, parentId, runIds }
    }

    it('start one child run per subflow node when both nodes advance every parent at once', async () => {
      const { a, b, childId, parentId, runIds } = await setUp()
      const written = runIds.map((flowRunId) => ({ flowRunId, flowId: parentId }))
      a.startWritten(written)
      b.startWritten(written)
      await Promise.all([a.settled(), b.settled()])

      for (const [i, id] of runIds.entries()) {
        const children = await f.store.flowRuns.childRuns(id)
        expect(children).toEqual([{ id: children[0]?.id, flowId: childId, state: 'waiting', parent: { flowRunId: id, key: 'sub', attempt: 0 } }])
        expect((await f.store.flowRuns.get(children[0].id))?.param).toBe(`p${i}!`)
        expect((await f.store.flowRuns.nodes(id))[0]).toMatchObject({ key: 'sub', state: 'running' })
      }
      expect((await f.store.flowRuns.list({ flowId: childId, limit: 100 })).length).toBe(PARENTS)
    })

    it("end the parent's node with its child on whichever node decides the child; a kill on the other reaches the child", async () => {
      const { a, b, parentId, runIds } = await setUp()
      a.startWritten(runIds.map((flowRunId) => ({ flowRunId, flowId: parentId })))
      await a.settled()
      const [approved, killed] = [runIds[0], runIds[1]]
      const childOf = async (id: number) => (await f.store.flowRuns.childRuns(id))[0].id

      await b.decide({ flowRunId: await childOf(approved), key: 'ok', approve: true, comment: 'fine' }, 'ann')
      await b.settled()
      expect(await f.store.flowRuns.get(approved)).toMatchObject({ state: 'success' })
      expect((await f.store.flowRuns.nodes(approved))[0]).toMatchObject({ state: 'success', output: 'fine' })

      await a.kill(killed, 'ann')
      await a.settled()
      expect(await f.store.flowRuns.get(await childOf(killed))).toMatchObject({ state: 'killed', reason: 'killed by ann' })
    })

    it("resume on the sweep what a node that stopped mid-way left: a child's end the parent never heard of, a child its parent's kill never reached", async () => {
      const { a, b, parentId, runIds } = await setUp()
      a.startWritten(runIds.map((flowRunId) => ({ flowRunId, flowId: parentId })))
      await a.settled()
      const [ended, orphaned] = [runIds[0], runIds[1]]
      const childOf = async (id: number) => (await f.store.flowRuns.childRuns(id))[0].id
      // As a stopped node leaves them: the child ended, its parent not told; the parent killed, its child not.
      await f.store.flowRuns.setNodeState(await childOf(ended), 'ok', ['waiting'], 0, 'success', { endTimeMs: T0 + 5 })
      await f.store.flowRuns.setState(await childOf(ended), ['waiting'], 'success', { endTimeMs: T0 + 5 })
      await f.store.flowRuns.setState(orphaned, ['running'], 'killed', { endTimeMs: T0 + 5, reason: 'killed by bo' })

      await b.sweep()
      await b.settled()
      expect(await f.store.flowRuns.get(ended)).toMatchObject({ state: 'success' })
      expect((await f.store.flowRuns.nodes(ended))[0]).toMatchObject({ state: 'success', endTimeMs: T0 + 5 })
      expect(await f.store.flowRuns.get(await childOf(orphaned))).toMatchObject({ state: 'killed', reason: 'killed by bo' })
    })
    // The server engines: two nodes of a cluster share one. SQLite serves one node (its single
    // in-process writer would wait for the other Store's transaction synchronously, inside one process).
  },
  ['postgres', 'mysql'],
)
