import type { FlowRun } from '../../../../shared/flow-types'
import { client } from '../../api/client'
import { notifyError } from '../../kit/notify'
import { coalesced, coalescedBy } from '../../lib/data/coalesce'
import { applyRunState, upsertFlowRun } from '../../lib/flows/flow-merge'
import type { SliceCreator } from '../state'
import { initialFlowsState } from './initialState'
import type { FlowsSlice } from './slice'

const RUNS_PAGE_SIZE = 50

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
    killFlowRun: (flowRunId, options) => runAction(() => (options ? client().killFlowRun(flowRunId, options) : client().killFlowRun(flowRunId))),
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
