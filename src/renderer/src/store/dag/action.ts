import { client } from '../../api/client'
import { notifyError } from '../../kit/notify'
import { traceRunChain, CHAIN_MAX_RUNS } from '../../lib/runs/run-chain'
import type { SliceCreator } from '../state'
import { initialDagState } from './initialState'
import type { DagSlice } from './slice'

/** Runs a run fired, read per step of a chain (a broadcast fires one run per shard). */
const FIRED_RUNS_LIMIT = 200

export const createDagSlice: SliceCreator<DagSlice> = (set, get) => {
  // Only the newest showChain may write: the operator may pick another run while one is read.
  let chainRequest = 0
  return {
    ...initialDagState,

    async fetchLinks() {
      set({ links: await client().listLinks(), linksLoaded: true })
    },

    async saveLink(link) {
      const saved = await client().saveLink(link)
      const others = get().links.filter((l) => l.parentJobId !== saved.parentJobId || l.childJobId !== saved.childJobId)
      set({ links: [...others, saved] })
      return saved
    },

    async deleteLink(parentJobId, childJobId) {
      await client().deleteLink({ parentJobId, childJobId })
      set({ links: get().links.filter((l) => l.parentJobId !== parentJobId || l.childJobId !== childJobId) })
    },

    async showChain(runId) {
      const request = ++chainRequest
      set({ chainLoading: true })
      try {
        const focus = await client().getRun(runId)
        const chain = await traceRunChain(focus, {
          getRun: (id) => client().getRun(id),
          listFiredRuns: async (parentLogId) => (await client().listRuns({ parentLogId, limit: FIRED_RUNS_LIMIT })).runs,
        })
        if (request === chainRequest) set({ chain })
      } catch (error) {
        if (request === chainRequest) {
          set({ chain: null })
          notifyError(get().preferences.language, 'common.error', error)
        }
      } finally {
        if (request === chainRequest) set({ chainLoading: false })
      }
    },

    clearChain() {
      chainRequest++
      set({ chain: null, chainLoading: false })
    },

    applyChainRuns(changed) {
      const chain = get().chain
      if (!chain || changed.length === 0) return
      const byId = new Map(chain.runs.map((run) => [run.id, run]))
      let touched = false
      // Ascending, so a child fired by a run that joins in this same batch joins too.
      for (const run of [...changed].sort((a, b) => a.id - b.id)) {
        if (byId.has(run.id) || (run.parentLogId !== null && byId.has(run.parentLogId) && byId.size < CHAIN_MAX_RUNS)) {
          byId.set(run.id, run)
          touched = true
        }
      }
      if (touched) set({ chain: { ...chain, runs: [...byId.values()].sort((a, b) => a.id - b.id) } })
    },
  }
}
