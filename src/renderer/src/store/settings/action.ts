import { client } from '../../api/client'
import { notifySuccess } from '../../kit/notify'
import type { SliceCreator } from '../state'
import { initialSettingsState } from './initialState'
import type { SettingsSlice } from './slice'

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
