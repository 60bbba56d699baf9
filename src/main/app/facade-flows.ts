import type { JobDeskApi } from '../../shared/api'
import type { FacadeDeps } from './facade-deps'

type FlowsApi = Pick<
  JobDeskApi,
  | 'listFlows'
  | 'getFlow'
  | 'addFlow'
  | 'updateFlow'
  | 'removeFlow'
  | 'setFlowActive'
  | 'triggerFlow'
  | 'getFlowRun'
  | 'listFlowRuns'
  | 'retryFlowRun'
  | 'killFlowRun'
  | 'markFlowNode'
  | 'decideApproval'
  | 'chainToFlow'
>

/**
 * Flows (src/main/flows/). The actions a person takes on a run take that person's name as a second
 * argument, which the method's rule adds (auth/flow-rules.ts): it is written into the node's note.
 */
export function flowsApi(deps: Pick<FacadeDeps, 'flows' | 'events' | 'hooks'>): FlowsApi {
  const { flows, events } = deps
  const changed = <T>(value: T): T => {
    events.emit({ type: 'flows-changed' })
    return value
  }
  return {
    listFlows: () => flows.service.list(),
    getFlow: (id) => flows.service.get(id),
    addFlow: async (input) => changed(await flows.service.add(input)),
    updateFlow: async (input) => changed(await flows.service.update(input)),
    async removeFlow(id) {
      await flows.service.remove(id)
      await deps.hooks.removeFor({ kind: 'flow', targetId: id })
      changed(undefined)
    },
    setFlowActive: async ({ flowId, active }) => changed(await flows.service.setActive(flowId, active)),
    triggerFlow: ({ flowId, param, params, triggerType }) =>
      flows.engine.start(flowId, { triggerType: triggerType ?? 'MANUAL', param, ...(params !== undefined ? { params } : {}) }),
    getFlowRun: (id) => flows.service.run(id),
    listFlowRuns: (filter) => flows.service.runs(filter),
    async retryFlowRun(id) {
      await flows.engine.retry(id)
      return flows.service.run(id)
    },
    async killFlowRun(id, options, actor = 'someone') {
      await flows.engine.kill(id, actor, options?.keepFinished ?? false)
      return flows.service.run(id)
    },
    async markFlowNode(mark, actor = 'someone') {
      await flows.engine.mark(mark, actor)
      return flows.service.run(mark.flowRunId)
    },
    async decideApproval(decision, actor = 'someone') {
      await flows.engine.decide(decision, actor)
      return flows.service.run(decision.flowRunId)
    },
    chainToFlow: async ({ rootJobId, name }) => changed(await flows.service.fromChain(rootJobId, name)),
  }
}
