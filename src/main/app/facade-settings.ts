import type { JobDeskApi } from '../../shared/api'
import type { FacadeDeps } from './facade-deps'

type SettingsApi = Pick<
  JobDeskApi,
  'getSettings' | 'saveSettings' | 'regenerateAccessToken' | 'regenerateApiToken' | 'sendTestEmail' | 'testWebhook' | 'testImChannel'
>

export function settingsApi(deps: Pick<FacadeDeps, 'settings' | 'alarms'>): SettingsApi {
  const { settings, alarms } = deps
  return {
    async getSettings() {
      return settings.get()
    },
    async saveSettings(input) {
      return settings.save(input)
    },
    async regenerateAccessToken() {
      return settings.regenerateAccessToken()
    },
    async regenerateApiToken() {
      return settings.regenerateApiToken()
    },
    // The alarm sender checks the address and the URL with the alarm settings' own rules.
    async sendTestEmail({ to }) {
      return alarms.sendTestEmail(to)
    },
    async testWebhook({ url }) {
      return alarms.testWebhook(url)
    },
    // By name only: the robot's URL and secret are the saved settings', never a caller's.
    async testImChannel({ name }) {
      return alarms.testImChannel(name)
    },
  }
}
