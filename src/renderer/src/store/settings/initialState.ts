import type { Settings } from '../../../../shared/api'

export interface SettingsState {
  /** The core's settings as last read or saved; null before the Settings page first reads them. */
  settings: Settings | null
}

export const initialSettingsState: SettingsState = { settings: null }
