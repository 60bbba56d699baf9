import type { JobDeskState } from '../state'

export const selectSettings = (s: JobDeskState) => s.settings
