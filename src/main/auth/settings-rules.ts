import type { Settings } from '../../shared/api'
import { withoutSettingsSecrets } from '../../shared/settings-secrets'
import { admin, anyone } from './common-rules'
import type { MethodRule } from './method-rule-types'
import { requireAdmin } from './refusal'

/** The settings: everyone reads them without their secrets; admins change them and test the alarm channels. */
export const SETTINGS_RULES = {
  getSettings: {
    ...anyone,
    async narrow(ctx, settings: Settings) {
      // Without the secret settings (shared/settings-secrets.ts): URLs as their origin, the rest empty.
      const shown = ctx.principal.role === 'admin' ? settings : withoutSettingsSecrets(settings)
      // A user signed in with a password of their own: the console token opens nothing any more, so it is not offered.
      const tokenRetired = ctx.principal.kind === 'user' && !ctx.principal.mustChangePassword
      return tokenRetired ? { ...shown, consoleToken: null } : shown
    },
  },
  saveSettings: {
    action: 'settings.save',
    async allow(ctx, [input]) {
      requireAdmin(ctx.principal, ctx.method)
      return { before: await ctx.core.getSettings(), params: input }
    },
  },
  regenerateAccessToken: admin('settings.accessToken'),
  regenerateApiToken: admin('settings.apiToken'),
  sendTestEmail: admin('settings.testChannel', ([request]) => ({ params: request })),
  testWebhook: admin('settings.testChannel', ([request]) => ({ params: request })),
  testImChannel: admin('settings.testChannel', ([request]) => ({ params: request })),
} satisfies Record<string, MethodRule>
