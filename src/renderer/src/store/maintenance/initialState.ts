import type { MaintenanceState } from '../../../../shared/calendar/maintenance'

export interface MaintenanceSliceState {
  /** Pause-all as last read or told; null before the first read. */
  maintenance: MaintenanceState | null
  /** Raised each time the windows change anywhere: a view of them re-reads when it moves. */
  windowsVersion: number
  /** Raised each time an alarm silence is added or lifted anywhere (the Alarms page and the jobs' "silenced" marks re-read). */
  silencesVersion: number
}

export const initialMaintenanceState: MaintenanceSliceState = { maintenance: null, windowsVersion: 0, silencesVersion: 0 }
