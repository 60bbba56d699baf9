import { client } from '../../api/client'
import type { SliceCreator } from '../state'
import { initialXxlImportState } from './initialState'
import type { XxlImportSlice } from './slice'

export const createXxlImportSlice: SliceCreator<XxlImportSlice> = (set, get) => ({
  ...initialXxlImportState,

  async importFromXxl(request) {
    set({ xxlImportProgress: null })
    try {
      const report = await client().importFromXxl(request)
      if (!report.dryRun) await Promise.allSettled([get().refetchJobs([]), get().fetchGroups(), get().fetchLinks()])
      return report
    } finally {
      set({ xxlImportProgress: null })
    }
  },

  applyXxlImportProgress(progress) {
    set({ xxlImportProgress: progress.phase === 'done' ? null : progress })
  },
})
