import type { Settings, SettingsInput } from '../../../../shared/api'
import { client } from '../../api/client'
import { notifySuccess } from '../../kit/notify'
import type { SliceCreator } from '../state'
import { initialSettingsState, type SettingsState } from './initialState'

export interface SettingsActions {
  fetchSettings(): Promise<void>
  /** Rejects with the core's error (a ValidationError names the field) for the form. */
  saveSettings(input: SettingsInput): Promise<Settings>
  regenerateAccessToken(): Promise<Settings>
  regenerateApiToken(): Promise<Settings>
}

export type SettingsSlice = SettingsState & SettingsActions

export const createSettingsSlice: SliceCreator<SettingsSlice> = (set, get) => ({
  ...initialSettingsState,

  async fetchSettings() {
    set({ settings: await client().getSettings() })
  },

  async saveSettings(input) {
    const settings = await client().saveSettings(input)
    set({ settings })
    notifySuccess(get().preferences.language, 'settings.saved')
    return settings
  },

  async regenerateAccessToken() {
    const settings = await client().regenerateAccessToken()
    set({ settings })
    notifySuccess(get().preferences.language, 'settings.tokenRegenerated')
    return settings
  },

  async regenerateApiToken() {
    const settings = await client().regenerateApiToken()
    set({ settings })
    notifySuccess(get().preferences.language, 'settings.apiTokenRegenerated')
    return settings
  },
})
