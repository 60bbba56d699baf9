import { Alert, Button, Group, Text } from '@mantine/core'
import { splitAlarmTargets } from '../../../../../shared/alarm-targets'
import { useT } from '../../../i18n/use-t'
import { useAlarmHealth } from '../../../components/use-alarm-health'
import { useJobDesk } from '../../../store'
import { isAdmin, selectSession } from '../../../store/session/selectors'

/** The configured IM channels as suggestions under the alarm field: a click adds `#name` to the list. */
export function ImChannelSuggestions({ alarmEmail, add }: { alarmEmail: string; add: (item: string) => void }) {
  const t = useT()
  const health = useAlarmHealth()
  const named = new Set(splitAlarmTargets(alarmEmail).imChannels)
  const offered = (health?.imChannelNames ?? []).filter((name) => !named.has(name))
  if (offered.length === 0) return null
  return (
    <Group gap={4} data-testid="editor-im-suggestions">
      <Text size="xs" c="dimmed">
        {t('jobs.alarmChannels')}
      </Text>
      {offered.map((name) => (
        <Button key={name} size="compact-xs" variant="light" onClick={() => add(`#${name}`)} data-testid="editor-im-suggestion">
          #{name}
        </Button>
      ))}
    </Group>
  )
}

/**
 * Under the alarm email: a job given an address while no SMTP server is configured would have every
 * alarm fail, and its operator would learn it only from a run's alarm status. An admin gets a way to Settings.
 */
export function AlarmChannelWarning({ alarmEmail }: { alarmEmail: string }) {
  const t = useT()
  const health = useAlarmHealth()
  const admin = isAdmin(useJobDesk(selectSession))
  const navigate = useJobDesk((s) => s.navigate)
  if (!health || health.smtpConfigured || splitAlarmTargets(alarmEmail).emails.length === 0) return null
  return (
    <Alert color="orange" variant="light" p="xs" data-testid="editor-alarm-no-smtp">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text size="sm">{t(admin ? 'editor.alarmNoSmtp' : 'editor.alarmNoSmtpOthers')}</Text>
        {admin && (
          <Button
            size="compact-xs"
            variant="light"
            color="orange"
            style={{ flexShrink: 0 }}
            onClick={() => navigate({ page: 'settings' })}
            data-testid="editor-alarm-settings"
          >
            {t('editor.alarmOpenSettings')}
          </Button>
        )}
      </Group>
    </Alert>
  )
}
