import { Alert, List, Text } from '@mantine/core'
import type { AlarmHealth, InfraAlert } from '../../../../shared/api'
import { ALARM_STATUS } from '../../../../shared/model'
import { useLanguage, useT } from '../../i18n/use-t'
import { alarmReasonText } from '../../lib/alarms/alarm-text'
import { formatDateTime } from '../../lib/format/format-time'

/** What became of an alert's own sending, after its line: nothing when it went out. */
function AlertDelivery({ alert }: { alert: InfraAlert }) {
  const t = useT()
  const language = useLanguage()
  if (alert.alarmStatus === ALARM_STATUS.notNeeded) return <Text span size="xs" c="dimmed">{` — ${t('dashboard.alarms.alertUnheard')}`}</Text>
  if (alert.alarmStatus !== ALARM_STATUS.failed) return null
  const { reason } = alarmReasonText(language, alert.alarmMessage)
  return <Text span size="xs" c="red">{` — ${t('alarm.markerFailed', { reason })}`}</Text>
}

/**
 * The dashboard's warnings about alarms: jobs whose alarm emails cannot go out (no SMTP server),
 * alarms that failed in the last 24 h, and the alerts of dead executors and lost nodes. Shown only
 * while there is something to say.
 */
export function AlarmWarnings({ health }: { health: AlarmHealth | null }) {
  const t = useT()
  if (!health) return null
  const noSmtp = !health.smtpConfigured && health.jobsWithAlarmEmail > 0
  if (!noSmtp && health.alarmsFailedLast24h === 0 && health.recentAlerts.length === 0) return null
  return (
    <Alert color="orange" variant="light" p="sm" title={t('dashboard.alarms.title')} className="jd-fixed" data-testid="alarm-warnings">
      <List size="sm" spacing={2}>
        {noSmtp && <List.Item data-testid="alarm-warning-no-smtp">{t('dashboard.alarms.noSmtp', { n: health.jobsWithAlarmEmail })}</List.Item>}
        {health.alarmsFailedLast24h > 0 && (
          <List.Item data-testid="alarm-warning-failed">{t('dashboard.alarms.failed', { n: health.alarmsFailedLast24h })}</List.Item>
        )}
        {health.recentAlerts.map((alert) => (
          <List.Item key={`${alert.kind} ${alert.subject} ${alert.eventTimeMs}`} data-testid="alarm-warning-alert" data-kind={alert.kind}>
            {t(`dashboard.alarms.${alert.kind}`, { subject: alert.subject })}
            <Text span size="xs" c="dimmed">{` · ${formatDateTime(alert.addTimeMs)}`}</Text>
            <AlertDelivery alert={alert} />
          </List.Item>
        ))}
      </List>
    </Alert>
  )
}
