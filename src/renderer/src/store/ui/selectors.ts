import type { JobDeskState } from '../state'

export const selectLanguage = (s: JobDeskState) => s.preferences.language
export const selectColorScheme = (s: JobDeskState) => s.preferences.colorScheme
export const selectRoute = (s: JobDeskState) => s.route
export const selectConnection = (s: JobDeskState) => s.connection
export const selectRunsListPx = (s: JobDeskState) => s.preferences.runsListPx
export const selectRunColumns = (s: JobDeskState) => s.preferences.runColumns
