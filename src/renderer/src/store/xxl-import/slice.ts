import type { XxlImportProgress, XxlImportReport, XxlImportRequest } from '../../../../shared/xxl-import'
import type { XxlImportState } from './initialState'

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
