import type {
  ApprovalDecision,
  ChainToFlowRequest,
  Flow,
  FlowInput,
  FlowNodeMark,
  FlowRun,
  FlowTriggerRequest,
  FlowTriggerResult,
} from '../../../../shared/flow-types'
import { client } from '../../api/client'
import { notifyError } from '../../kit/notify'
import { coalesced, coalescedBy } from '../../lib/coalesce'
import { applyRunState, upsertFlowRun, type FlowRunStateChange } from '../../lib/flow-merge'
import type { SliceCreator } from '../state'
import { initialFlowsState, type FlowsState } from './initialState'

const RUNS_PAGE_SIZE = 50

export interface FlowsActions {
  /** Reads every flow with its latest runs (the Flows page's rows). */
  fetchFlows(): Promise<void>
  /** Opens a flow run for the run view: reads it now, then pushed changes keep it current until `closeFlowRun`. */
  loadFlowRun(flowRunId: number): Promise<void>
  closeFlowRun(): void
  /** Reads the newest runs of a flow (replacing what was loaded); pushed changes keep them current until `forgetFlowRuns`. */
  fetchFlowRuns(flowId: number): Promise<void>
  fetchOlderFlowRuns(flowId: number): Promise<void>
  forgetFlowRuns(flowId: number): void
  /** Starts (or queues, or skips by the overlap rule) a run now. Rejects with the core's error for the dialog to show. */
  triggerFlow(request: FlowTriggerRequest): Promise<FlowTriggerResult>
  /** Resumes or pauses the schedule; errors are shown as notifications. Resolves with whether it worked. */
  setFlowActive(flowId: number, active: boolean): Promise<boolean>
  /** Refused while the flow has an active run; errors are shown as notifications. */
  removeFlow(flowId: number): Promise<boolean>
  retryFlowRun(flowRunId: number): Promise<boolean>
  killFlowRun(flowRunId: number): Promise<boolean>
  markFlowNode(mark: FlowNodeMark): Promise<boolean>
  decideApproval(decision: ApprovalDecision): Promise<boolean>
  /** Adds a flow (no id) or replaces a saved one. Rejects with the core's error for the editor to show. */
  saveFlow(input: FlowInput): Promise<Flow>
  /** Makes a new, paused flow of a child-job chain. Rejects with the core's error for the dialog to show. */
  chainToFlow(request: ChainToFlowRequest): Promise<Flow>
  /** After `flows-changed`: re-read the list (once per burst), when the Flows page has read it. */
  applyFlowsChanged(): void
  /**
   * After `flow-run-changed`: the run's cell in its flow's row takes the state at once, and the row,
   * the open run and a loaded runs page holding it are read again (once per burst).
   */
  applyFlowRunChanged(change: FlowRunStateChange): void
  /** After a reconnect (events were missed): re-read whatever the Flows page shows. */
  resyncFlows(): Promise<void>
}

export type FlowsSlice = FlowsState & FlowsActions

export const createFlowsSlice: SliceCreator<FlowsSlice> = (set, get) => {
  const notify = (error: unknown) => notifyError(get().preferences.language, 'common.error', error)

  /** A run as the core answered it: the run view, the runs page of its flow and its grid cell take it. */
  const storeRun = (run: FlowRun) => {
    const state = get()
    const page = state.flowRunPages[run.flowId]
    set({
      ...(state.openFlowRunId === run.id ? { openFlowRun: run, openFlowRunMissing: false } : {}),
      ...(page ? { flowRunPages: { ...state.flowRunPages, [run.flowId]: { ...page, runs: upsertFlowRun(page.runs, run) } } } : {}),
      flowSummaries: applyRunState(state.flowSummaries, { flowRunId: run.id, flowId: run.flowId, state: run.state }, Date.now()),
    })
  }

  const readFlows = coalesced(async () => {
    const flowSummaries = await client().listFlows()
    set({ flowSummaries, flowsLoaded: true })
  })

  // Read again only while something shows the run (the run view, or its flow's runs page).
  const rereadRun = coalescedBy(async (flowRunId: number) => {
    const run = await client().getFlowRun(flowRunId)
    const state = get()
    if (state.openFlowRunId === flowRunId || state.flowRunPages[run.flowId]) storeRun(run)
  })

  /** Calls an action the core answers with the run; its errors become a notification. */
  const runAction = async (call: () => Promise<FlowRun>): Promise<boolean> => {
    try {
      storeRun(await call())
      return true
    } catch (error) {
      notify(error)
      return false
    }
  }

  return {
    ...initialFlowsState,

    async fetchFlows() {
      try {
        const flowSummaries = await client().listFlows()
        set({ flowSummaries, flowsLoaded: true })
      } catch (error) {
        notify(error)
      }
    },

    async loadFlowRun(flowRunId) {
      if (get().openFlowRunId !== flowRunId) set({ openFlowRunId: flowRunId, openFlowRun: null, openFlowRunMissing: false })
      try {
        const run = await client().getFlowRun(flowRunId)
        if (get().openFlowRunId === flowRunId) set({ openFlowRun: run, openFlowRunMissing: false })
      } catch {
        if (get().openFlowRunId === flowRunId) set({ openFlowRunMissing: true })
      }
    },

    closeFlowRun() {
      set({ openFlowRunId: null, openFlowRun: null, openFlowRunMissing: false })
    },

    async fetchFlowRuns(flowId) {
      const held = get().flowRunPages[flowId]
      set({ flowRunPages: { ...get().flowRunPages, [flowId]: { runs: held?.runs ?? [], nextBeforeId: held?.nextBeforeId ?? null, loading: true } } })
      try {
        const page = await client().listFlowRuns({ flowId, limit: RUNS_PAGE_SIZE })
        set({ flowRunPages: { ...get().flowRunPages, [flowId]: { runs: page.runs, nextBeforeId: page.nextBeforeId, loading: false } } })
      } catch (error) {
        const now = get().flowRunPages[flowId]
        if (now) set({ flowRunPages: { ...get().flowRunPages, [flowId]: { ...now, loading: false } } })
        notify(error)
      }
    },

    async fetchOlderFlowRuns(flowId) {
      const held = get().flowRunPages[flowId]
      if (!held || held.loading || held.nextBeforeId === null) return
      set({ flowRunPages: { ...get().flowRunPages, [flowId]: { ...held, loading: true } } })
      try {
        const page = await client().listFlowRuns({ flowId, beforeId: held.nextBeforeId, limit: RUNS_PAGE_SIZE })
        const now = get().flowRunPages[flowId]
        if (!now) return
        const known = new Set(now.runs.map((run) => run.id))
        const runs = now.runs.concat(page.runs.filter((run) => !known.has(run.id)))
        set({ flowRunPages: { ...get().flowRunPages, [flowId]: { runs, nextBeforeId: page.nextBeforeId, loading: false } } })
      } catch (error) {
        const now = get().flowRunPages[flowId]
        if (now) set({ flowRunPages: { ...get().flowRunPages, [flowId]: { ...now, loading: false } } })
        notify(error)
      }
    },

    forgetFlowRuns(flowId) {
      const { [flowId]: _forgotten, ...rest } = get().flowRunPages
      set({ flowRunPages: rest })
    },

    async triggerFlow(request) {
      const result = await client().triggerFlow(request)
      if (result.flowRunId !== null && result.state !== 'skipped') {
        set({ flowSummaries: applyRunState(get().flowSummaries, { flowRunId: result.flowRunId, flowId: request.flowId, state: result.state }, Date.now()) })
      }
      return result
    },

    async setFlowActive(flowId, active) {
      try {
        const flow = await client().setFlowActive({ flowId, active })
        set({ flowSummaries: get().flowSummaries.map((summary) => (summary.flow.id === flow.id ? { ...summary, flow } : summary)) })
        return true
      } catch (error) {
        notify(error)
        return false
      }
    },

    async removeFlow(flowId) {
      try {
        await client().removeFlow(flowId)
        set({ flowSummaries: get().flowSummaries.filter((summary) => summary.flow.id !== flowId) })
        get().forgetFlowRuns(flowId)
        return true
      } catch (error) {
        notify(error)
        return false
      }
    },

    retryFlowRun: (flowRunId) => runAction(() => client().retryFlowRun(flowRunId)),
    killFlowRun: (flowRunId) => runAction(() => client().killFlowRun(flowRunId)),
    markFlowNode: (mark) => runAction(() => client().markFlowNode(mark)),
    decideApproval: (decision) => runAction(() => client().decideApproval(decision)),

    saveFlow: (input) => (input.id === undefined ? client().addFlow(input) : client().updateFlow({ ...input, id: input.id })),

    async chainToFlow(request) {
      const flow = await client().chainToFlow(request)
      // The new flow's row comes with the next read (flows-changed follows too); read now so it shows at once.
      await readFlows()
      return flow
    },

    applyFlowsChanged() {
      if (get().flowsLoaded) void readFlows()
    },

    applyFlowRunChanged(change) {
      const state = get()
      if (state.flowsLoaded) {
        set({ flowSummaries: applyRunState(state.flowSummaries, change, Date.now()) })
        // The event carries the state only: start and end times come with the row.
        void readFlows()
      }
      if (state.openFlowRunId === change.flowRunId || state.flowRunPages[change.flowId]) void rereadRun(change.flowRunId)
    },

    async resyncFlows() {
      const state = get()
      const tasks: Promise<unknown>[] = Object.keys(state.flowRunPages).map((flowId) => state.fetchFlowRuns(Number(flowId)))
      if (state.flowsLoaded) tasks.push(readFlows())
      if (state.openFlowRunId !== null) tasks.push(state.loadFlowRun(state.openFlowRunId))
      await Promise.allSettled(tasks)
    },
  }
}
