import type { JobDeskApi } from '../../shared/api'
import type { FacadeDeps } from './facade-deps'

const DAY_MS = 86_400_000
/** The dashboard lists this many infrastructure alerts at most. */
const RECENT_ALERTS_SHOWN = 20

type AlarmsApi = Pick<JobDeskApi, 'getAlarmHealth'>

export function alarmsApi({ store, alarms, nowMs }: Pick<FacadeDeps, 'store' | 'alarms' | 'nowMs'>): AlarmsApi {
  return {
    async getAlarmHealth(request) {
      const groupIds = request?.groupIds
      const channels = alarms.settings()
      const since = nowMs() - DAY_MS
      return {
        smtpConfigured: channels.smtp !== null,
        webhookCount: channels.webhooks.length,
        imChannelNames: (channels.imChannels ?? []).map((c) => c.name),
        jobsWithAlarmEmail: await store.jobs.countWithAlarmEmail(groupIds),
        alarmsFailedLast24h: await store.runs.countAlarmsFailedSince(since, groupIds),
        recentAlerts: await store.alerts.since(since, RECENT_ALERTS_SHOWN),
      }
    },
  }
}
