import type { FlowRun, FlowSummary } from '../../../../shared/flow-types'
import type { JobDeskState } from '../state'
import type { FlowRunsPage } from './initialState'

export const selectFlowSummaries = (s: JobDeskState) => s.flowSummaries
export const selectFlowsLoaded = (s: JobDeskState) => s.flowsLoaded

/** The Flows page's row of one flow (its settings, latest runs and active count). */
export const selectFlowSummary =
  (flowId: number | null) =>
  (s: JobDeskState): FlowSummary | undefined =>
    flowId === null ? undefined : s.flowSummaries.find((summary) => summary.flow.id === flowId)

/** The open flow run, when it is the one asked for (not the previous one while the next is read). */
export const selectOpenFlowRun =
  (flowRunId: number) =>
  (s: JobDeskState): FlowRun | null =>
    s.openFlowRunId === flowRunId && s.openFlowRun?.id === flowRunId ? s.openFlowRun : null

export const selectFlowRunsPage =
  (flowId: number) =>
  (s: JobDeskState): FlowRunsPage | undefined =>
    s.flowRunPages[flowId]
