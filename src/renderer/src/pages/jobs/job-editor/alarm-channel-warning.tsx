import { Alert, Button, Group, Text } from '@mantine/core'
import { splitAddressList } from '../../../../../shared/address-list'
import { useT } from '../../../i18n/use-t'
import { useAlarmHealth } from '../../../lib/use-alarm-health'
import { useJobDesk } from '../../../store'
import { isAdmin, selectSession } from '../../../store/session/selectors'

/**
 * Under the alarm email: a job given an address while no SMTP server is configured would have every
 * alarm fail, and its operator would learn it only from a run's alarm status. An admin gets a way to Settings.
 */
export function AlarmChannelWarning({ alarmEmail }: { alarmEmail: string }) {
  const t = useT()
  const health = useAlarmHealth()
  const admin = isAdmin(useJobDesk(selectSession))
  const navigate = useJobDesk((s) => s.navigate)
  if (!health || health.smtpConfigured || splitAddressList(alarmEmail).length === 0) return null
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
