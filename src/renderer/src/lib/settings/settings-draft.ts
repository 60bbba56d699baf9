import type { AlarmChannels, ImChannel, Settings, SettingsInput } from '../../../../shared/api'

type Webhook = AlarmChannels['webhooks'][number]

/** The Settings form: every field as the operator edits it (SMTP kept while switched off). */
export interface SettingsDraft {
  listenHost: string
  listenPort: number
  logRetentionDays: number
  auditRetentionDays: number
  /** The alarm policy's server defaults (jobs and flows that set none follow them). */
  alarmAfterFailures: number
  alarmQuietSec: number
  desktop: boolean
  webhooks: Webhook[]
  smtpEnabled: boolean
  smtp: { host: string; port: number; secure: boolean; user: string; pass: string; from: string; timeoutMs?: number }
  /** Who is mailed when an executor goes dead or a cluster node is lost ('' for nobody). */
  alertEmail: string
  /** Chat robots; `secret` is '' for none. */
  imChannels: ImChannelDraft[]
  openApiAcceptsExecutorToken: boolean
  /** The stored setting (`--enable-scripts` may force scripts on for a run without changing it). */
  embeddedScriptsEnabled: boolean
}

export type ImChannelDraft = Omit<ImChannel, 'secret'> & { secret: string }

export const NEW_IM_CHANNEL: ImChannelDraft = { type: 'dingtalk', name: '', url: '', secret: '', language: 'zh-CN', events: ['failedRuns'] }

const NO_SMTP: SettingsDraft['smtp'] = { host: '', port: 587, secure: false, user: '', pass: '', from: '' }

export function toSettingsDraft(settings: Settings): SettingsDraft {
  const smtp = settings.alarms.smtp
  return {
    listenHost: settings.listenHost,
    listenPort: settings.listenPort,
    logRetentionDays: settings.logRetentionDays,
    auditRetentionDays: settings.auditRetentionDays,
    alarmAfterFailures: settings.alarmAfterFailures,
    alarmQuietSec: settings.alarmQuietSec,
    desktop: settings.alarms.desktop,
    webhooks: settings.alarms.webhooks.map((webhook) => ({ ...webhook })),
    smtpEnabled: smtp !== null,
    smtp: smtp ? { ...NO_SMTP, ...smtp, user: smtp.user ?? '', pass: smtp.pass ?? '' } : NO_SMTP,
    alertEmail: settings.alarms.alertEmail ?? '',
    imChannels: (settings.alarms.imChannels ?? []).map((channel) => ({ ...channel, secret: channel.secret ?? '', events: [...channel.events] })),
    openApiAcceptsExecutorToken: settings.openApiAcceptsExecutorToken,
    embeddedScriptsEnabled: settings.embeddedScriptsForced ? false : settings.embeddedScriptsEnabled,
  }
}

/**
 * What Save sends. Blank webhook rows are dropped; SMTP switched off is sent as null (the core then
 * sends no email); empty user and password are left out (a server without authentication). With
 * `saved`, an unchanged listen address is left out: headless mode started with `--port 0` reports
 * port 0, which is not a port one may save.
 */
export function toSettingsInput(draft: SettingsDraft, saved?: Settings): SettingsInput {
  const { user, pass, ...smtp } = draft.smtp
  const listenHost = draft.listenHost.trim()
  return {
    ...(saved && listenHost === saved.listenHost ? {} : { listenHost }),
    ...(saved && draft.listenPort === saved.listenPort ? {} : { listenPort: draft.listenPort }),
    logRetentionDays: draft.logRetentionDays,
    auditRetentionDays: draft.auditRetentionDays,
    alarmAfterFailures: draft.alarmAfterFailures,
    alarmQuietSec: draft.alarmQuietSec,
    openApiAcceptsExecutorToken: draft.openApiAcceptsExecutorToken,
    ...(saved?.embeddedScriptsForced ? {} : { embeddedScriptsEnabled: draft.embeddedScriptsEnabled }),
    alarms: {
      desktop: draft.desktop,
      webhooks: draft.webhooks.filter((webhook) => webhook.url.trim() !== '').map((webhook) => ({ ...webhook, url: webhook.url.trim() })),
      smtp: draft.smtpEnabled
        ? { ...smtp, host: smtp.host.trim(), from: smtp.from.trim(), ...(user.trim() ? { user: user.trim() } : {}), ...(pass ? { pass } : {}) }
        : null,
      ...(draft.alertEmail.trim() ? { alertEmail: draft.alertEmail.trim() } : {}),
      ...imChannelsInput(draft.imChannels),
    },
  }
}

/** Untouched new rows are dropped; a half-filled one is sent, so the core names what it lacks. None: left out (the whole alarm settings are replaced, so that removes them). */
function imChannelsInput(drafts: ImChannelDraft[]): Pick<AlarmChannels, 'imChannels'> {
  const channels = drafts
    .filter((channel) => channel.name.trim() !== '' || channel.url.trim() !== '')
    .map(({ secret, ...channel }) => ({ ...channel, name: channel.name.trim(), url: channel.url.trim(), ...(secret.trim() ? { secret: secret.trim() } : {}) }))
  return channels.length > 0 ? { imChannels: channels } : {}
}

/** Whether the form differs from what is saved (the SMTP test sends with the saved settings). */
export function isSettingsDirty(draft: SettingsDraft, saved: Settings): boolean {
  return JSON.stringify(toSettingsInput(draft)) !== JSON.stringify(toSettingsInput(toSettingsDraft(saved)))
}
