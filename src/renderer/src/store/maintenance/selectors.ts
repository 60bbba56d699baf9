import type { JobDeskState } from '../state'

export const selectMaintenance = (s: JobDeskState) => s.maintenance
export const selectWindowsVersion = (s: JobDeskState) => s.windowsVersion
export const selectSilencesVersion = (s: JobDeskState) => s.silencesVersion
