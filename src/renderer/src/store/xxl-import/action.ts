import type { XxlImportProgress, XxlImportReport, XxlImportRequest } from '../../../../shared/xxl-import'
import { client } from '../../api/client'
import type { SliceCreator } from '../state'
import { initialXxlImportState, type XxlImportState } from './initialState'

export interface XxlImportActions {
  /**
   * Runs an import from XXL-JOB (a dry run or the real one); rejects with the core's error. The
   * request, password included, is not kept in the store.
   */
  importFromXxl(request: XxlImportRequest): Promise<XxlImportReport>
  /** From `xxl-import-progress` events. */
  applyXxlImportProgress(progress: XxlImportProgress): void
}

export type XxlImportSlice = XxlImportState & XxlImportActions

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
