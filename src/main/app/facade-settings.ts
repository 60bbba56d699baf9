import type { JobDeskApi } from '../../shared/api'
import { ValidationError } from '../../shared/errors'
import { optionalString, requireObject } from './arguments'
import type { FacadeDeps } from './facade'

type SettingsApi = Pick<JobDeskApi, 'getSettings' | 'saveSettings' | 'regenerateAccessToken' | 'sendTestEmail' | 'testWebhook'>

export function settingsApi(deps: FacadeDeps): SettingsApi {
  const { settings, alarms } = deps
  return {
    async getSettings() {
      return settings.get()
    },
    async saveSettings(input) {
      return settings.save(requireObject(input, 'settings'))
    },
    async regenerateAccessToken() {
      return settings.regenerateAccessToken()
    },
    async sendTestEmail(request) {
      const to = optionalString(requireObject(request, 'request').to, 'to', 320)
      if (!to || !/^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/.test(to)) throw new ValidationError('to', 'expected one email address')
      return alarms.sendTestEmail(to)
    },
    async testWebhook(request) {
      const url = optionalString(requireObject(request, 'request').url, 'url', 2000)
      if (!url || !/^https?:\/\//.test(url)) throw new ValidationError('url', 'expected an http or https URL')
      return alarms.testWebhook(url)
    },
  }
}
