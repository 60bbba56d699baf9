import type { XxlImportProgress } from '../../../../shared/xxl-import'

export interface XxlImportState {
  /** How far the running import from XXL-JOB has got (pushed by the core); null when none runs. */
  xxlImportProgress: XxlImportProgress | null
}

export const initialXxlImportState: XxlImportState = { xxlImportProgress: null }
