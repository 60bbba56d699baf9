import type { FlowEdge, FlowInput, FlowNodeDef, FlowRun, FlowRunState } from '../../src/shared/flow-types'
import type { TestCore } from './core-harness'
import { waitFor } from './wait-for'

const ENDED: readonly FlowRunState[] = ['success', 'failed', 'killed']

/** Whatever holds a core: a test core, or a headless admin's (`{ core: admin.headless.core }`). */
export type FlowHost = Pick<TestCore, 'core'>

/** A flow of `nodes` and `edges` "from>to" on the test core, saved and returned with its id. */
export async function addFlow(t: FlowHost, name: string, nodes: FlowNodeDef[], edges: string[], settings: Partial<FlowInput> = {}): Promise<number> {
  const flow = await t.core.api.addFlow({ name, nodes, edges: edges.map(edge), ...settings })
  return flow.id
}

function edge(text: string): FlowEdge {
  const [from, to] = text.split('>')
  return { from, to }
}

/** Triggers the flow and waits until its run has ended; the run. */
export async function runFlow(t: FlowHost, flowId: number, param?: string, timeoutMs?: number): Promise<FlowRun> {
  const { flowRunId } = await t.core.api.triggerFlow({ flowId, param })
  if (flowRunId === null) throw new Error('the flow run was skipped')
  return flowRunEnded(t, flowRunId, timeoutMs)
}

export function flowRunEnded(t: FlowHost, flowRunId: number, timeoutMs = 30_000): Promise<FlowRun> {
  return flowRunWhere(t, flowRunId, `flow run ${flowRunId} ended`, (run) => ENDED.includes(run.state), timeoutMs)
}

export async function flowRunWhere(t: FlowHost, flowRunId: number, what: string, test: (run: FlowRun) => boolean, timeoutMs = 30_000): Promise<FlowRun> {
  return waitFor(
    what,
    async () => {
      const run = await t.core.api.getFlowRun(flowRunId)
      return test(run) && run
    },
    timeoutMs,
  )
}

/** The node states of a run by key. */
export function statesOf(run: FlowRun): Record<string, string> {
  return Object.fromEntries(run.nodes.map((n) => [n.key, n.state]))
}

export function nodeOf(run: FlowRun, key: string) {
  const node = run.nodes.find((n) => n.key === key)
  if (!node) throw new Error(`flow run ${run.id} has no node ${key}`)
  return node
}
