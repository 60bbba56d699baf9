import type { JobDeskState } from '../state'

export const selectRunLog = (logId: number) => (s: JobDeskState) => s.runLogs[logId]
