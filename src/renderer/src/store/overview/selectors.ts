import type { JobDeskState } from '../state'

export const selectOverview = (s: JobDeskState) => s.overview
export const selectScheduler = (s: JobDeskState) => s.overview?.scheduler ?? null
