import type { MaintenanceState } from '../../../../shared/calendar/maintenance'

export interface MaintenanceSliceState {
  /** Pause-all as last read or told; null before the first read. */
  maintenance: MaintenanceState | null
  /** Raised each time the windows change anywhere: a view of them re-reads when it moves. */
  windowsVersion: number
}

export const initialMaintenanceState: MaintenanceSliceState = { maintenance: null, windowsVersion: 0 }
