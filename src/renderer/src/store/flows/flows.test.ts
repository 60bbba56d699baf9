import { afterEach, describe, expect, it, vi, type Mock } from 'vitest'
import type { Flow, FlowRun, FlowRunFilter, FlowSummary } from '../../../../shared/flow-types'
import { setClient } from '../../api/client'
import { fakeClient } from '../../api/fake-client'
import { applyEvent } from '../events'
import { useJobDesk } from '../index'
import { initialFlowsState } from './initialState'

const flow = (id: number): Flow =>
  ({ id, name: `flow ${id}`, scheduleType: 'CRON', scheduleConf: '0 0 * * * ?', triggerStatus: 1, nodes: [], edges: [] }) as unknown as Flow

const flowRun = (id: number, flowId: number, state: FlowRun['state']): FlowRun =>
  ({ id, flowId, flowName: `flow ${flowId}`, state, triggerType: 'MANUAL', param: '', startTimeMs: 1000, endTimeMs: 0, nodes: [] }) as unknown as FlowRun

const summary = (flowId: number, runs: [number, FlowRun['state']][]): FlowSummary => ({
  flow: flow(flowId),
  recentRuns: runs.map(([id, state]) => ({ id, state, startTimeMs: 1000 + id, endTimeMs: state === 'running' ? 0 : 2000 + id })),
  activeRunCount: runs.filter(([, state]) => state === 'running').length,
})

/** A core holding flow runs, answering as the API does; `rows` is what listFlows answers now. */
function fakeCore(runs: FlowRun[], rows: FlowSummary[]) {
  const core = {
    listFlows: vi.fn(async () => rows),
    getFlowRun: vi.fn(async (id: number) => {
      const found = runs.find((run) => run.id === id)
      if (!found) throw new Error(`flow run ${id} does not exist`)
      return found
    }),
    listFlowRuns: vi.fn(async (filter: FlowRunFilter) => ({
      runs: runs.filter((run) => run.flowId === filter.flowId && (filter.beforeId === undefined || run.id < filter.beforeId)).sort((a, b) => b.id - a.id),
      nextBeforeId: null,
    })),
    killFlowRun: vi.fn(async (id: number) => ({ ...runs.find((run) => run.id === id)!, state: 'killed' as const, endTimeMs: 5000 })),
  }
  setClient(fakeClient(core))
  return core
}

/**
 * Resolves once every call made to `core` has been answered and its answer applied, and no call
 * followed. What comes after an answer is microtasks only, and they all run before the next task
 * (a zero-delay timer: a turn of the event loop, not a wait for time to pass). The coalescer asks
 * at most twice per burst, so a few rounds are plenty.
 */
async function answered(core: Record<string, Mock>): Promise<void> {
  const mocks = Object.values(core)
  const calls = () => mocks.reduce((total, mock) => total + mock.mock.calls.length, 0)
  for (let round = 0; round < 10; round++) {
    const before = calls()
    await Promise.allSettled(mocks.flatMap((mock) => mock.mock.results.map((result) => result.value)))
    await new Promise((resolve) => setTimeout(resolve, 0))
    if (calls() === before) return
  }
  throw new Error('the core was still being called after 10 rounds of answers')
}

afterEach(() => {
  setClient(null)
  useJobDesk.setState(initialFlowsState)
})

describe('the flows slice', () => {
  it('ignores flows-changed until the Flows page has read the list, then re-reads it once per burst', async () => {
    const core = fakeCore([], [summary(1, [])])
    applyEvent({ type: 'flows-changed' })
    expect(core.listFlows).not.toHaveBeenCalled()

    await useJobDesk.getState().fetchFlows()
    expect(useJobDesk.getState().flowSummaries.map((row) => row.flow.id)).toEqual([1])
    for (let i = 0; i < 5; i++) applyEvent({ type: 'flows-changed' })
    await vi.waitFor(() => expect(core.listFlows).toHaveBeenCalledTimes(3))
    await answered(core)
    // One read for the page, then one for the burst and one after it.
    expect(core.listFlows).toHaveBeenCalledTimes(3)
  })

  it('colours the run’s cell at once on flow-run-changed, then reads the row and the open run again', async () => {
    const runs = [flowRun(7, 1, 'running'), flowRun(9, 2, 'running')]
    const rows = [summary(1, [[7, 'running']]), summary(2, [])]
    const core = fakeCore(runs, rows)
    await useJobDesk.getState().fetchFlows()
    await useJobDesk.getState().loadFlowRun(7)

    runs[0] = { ...runs[0], state: 'failed', endTimeMs: 3000 }
    rows[0] = summary(1, [[7, 'failed']])
    core.getFlowRun.mockClear()
    applyEvent({ type: 'flow-run-changed', flowRunId: 7, flowId: 1, state: 'failed' })
    // Before any answer: the cell and the active count follow the event.
    expect(useJobDesk.getState().flowSummaries[0]).toMatchObject({ recentRuns: [{ id: 7, state: 'failed' }], activeRunCount: 0 })
    await vi.waitFor(() => expect(useJobDesk.getState().openFlowRun).toMatchObject({ id: 7, state: 'failed', endTimeMs: 3000 }))
    expect(useJobDesk.getState().flowSummaries[0].recentRuns[0].endTimeMs).toBe(2007)

    // Another flow's run: the open run is not read again.
    core.getFlowRun.mockClear()
    applyEvent({ type: 'flow-run-changed', flowRunId: 9, flowId: 2, state: 'success' })
    expect(useJobDesk.getState().flowSummaries[1].recentRuns).toEqual([{ id: 9, state: 'success', startTimeMs: expect.any(Number), endTimeMs: 0 }])
    await answered(core)
    expect(core.getFlowRun).not.toHaveBeenCalled()
  })

  it('keeps an open runs page current: changed runs are replaced, new ones join at the top', async () => {
    const runs = [flowRun(3, 1, 'success'), flowRun(4, 1, 'running')]
    fakeCore(runs, [])
    await useJobDesk.getState().fetchFlowRuns(1)
    expect(useJobDesk.getState().flowRunPages[1].runs.map((run) => run.id)).toEqual([4, 3])

    runs.push(flowRun(5, 1, 'queued'))
    applyEvent({ type: 'flow-run-changed', flowRunId: 5, flowId: 1, state: 'queued' })
    await vi.waitFor(() => expect(useJobDesk.getState().flowRunPages[1].runs.map((run) => run.id)).toEqual([5, 4, 3]))

    expect(await useJobDesk.getState().killFlowRun(4)).toBe(true)
    expect(useJobDesk.getState().flowRunPages[1].runs.map((run) => [run.id, run.state])).toEqual([
      [5, 'queued'],
      [4, 'killed'],
      [3, 'success'],
    ])

    useJobDesk.getState().forgetFlowRuns(1)
    expect(useJobDesk.getState().flowRunPages[1]).toBeUndefined()
  })

  it('says when the open run does not exist, and ignores a late answer for a run no longer open', async () => {
    fakeCore([flowRun(3, 1, 'success')], [])
    await useJobDesk.getState().loadFlowRun(99)
    expect(useJobDesk.getState()).toMatchObject({ openFlowRunId: 99, openFlowRun: null, openFlowRunMissing: true })

    const late = useJobDesk.getState().loadFlowRun(3)
    useJobDesk.getState().closeFlowRun()
    await late
    expect(useJobDesk.getState()).toMatchObject({ openFlowRunId: null, openFlowRun: null })
  })

  it('re-reads what the Flows page shows after a reconnect, and nothing before it was opened', async () => {
    const runs = [flowRun(3, 1, 'running')]
    const core = fakeCore(runs, [summary(1, [[3, 'running']])])
    await useJobDesk.getState().resyncFlows()
    expect(core.listFlows).not.toHaveBeenCalled()

    await useJobDesk.getState().fetchFlows()
    await useJobDesk.getState().fetchFlowRuns(1)
    await useJobDesk.getState().loadFlowRun(3)
    runs[0] = { ...runs[0], state: 'success' }
    core.listFlows.mockClear()
    core.listFlowRuns.mockClear()
    await useJobDesk.getState().resyncFlows()
    expect(core.listFlows).toHaveBeenCalledTimes(1)
    expect(core.listFlowRuns).toHaveBeenCalledWith({ flowId: 1, limit: 50 })
    expect(useJobDesk.getState().openFlowRun?.state).toBe('success')
  })
})
