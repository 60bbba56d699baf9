import type { JobDeskState } from '../state'

export const selectXxlImportProgress = (s: JobDeskState) => s.xxlImportProgress
