/**
 * Pause-all (`setMaintenance`): while on, no scheduled fire starts anywhere on the server — every
 * node's scan reads it (setting `maintenance`) and plans nothing, fires already in a ring are left
 * for the misfire logic — until it is switched off; then each job's misfire strategy applies to
 * what it held back (docs/calendars.md, "Pause-all").
 */
export interface MaintenanceState {
  on: boolean
  /** Why, as the operator wrote it; shown in the banner on every console page. */
  reason: string
  /** Who switched it last (a user's name, or the token's holder). */
  by: string
  /** When it was switched on (or, when off, off); 0 when it never was. */
  sinceMs: number
}

/** The setting pause-all is stored under (SettingRepo). */
export const MAINTENANCE_SETTING = 'maintenance'

export const MAINTENANCE_OFF: MaintenanceState = { on: false, reason: '', by: '', sinceMs: 0 }

/** Longest reason accepted, in characters. */
export const MAINTENANCE_REASON_MAX = 500
