import type { Settings, SettingsInput } from '../../../../shared/api'
import type { SettingsState } from './initialState'

export interface SettingsActions {
  fetchSettings(): Promise<void>
  /** Rejects with the core's error (a ValidationError names the field) for the form. */
  saveSettings(input: SettingsInput): Promise<Settings>
  regenerateAccessToken(): Promise<Settings>
  regenerateApiToken(): Promise<Settings>
}

export type SettingsSlice = SettingsState & SettingsActions
