import type { MaintenanceState } from '../../../../shared/calendar/maintenance'
import type { MaintenanceSliceState } from './initialState'

export interface MaintenanceActions {
  /** Reads pause-all (at start and after a reconnect); rejects with the core's error. */
  fetchMaintenance(): Promise<void>
  /** Pause-all as an event told it (switched here, on another console, or on another node). */
  applyMaintenance(state: MaintenanceState): void
  /** Switches pause-all (admins); resolves when the core took it, rejects with its refusal. */
  setMaintenance(on: boolean, reason: string): Promise<void>
  /** The windows changed: views of them re-read. */
  applyWindowsChanged(): void
  /** A silence was added or lifted: views of them re-read. */
  applySilencesChanged(): void
}

export type MaintenanceSlice = MaintenanceSliceState & MaintenanceActions
