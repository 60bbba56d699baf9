import { Button, CopyButton, Group, PasswordInput, Text } from '@mantine/core'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useState } from 'react'
import type { Settings } from '../../../../shared/api'
import { notifyError } from '../../app/notify'
import { useT } from '../../i18n/use-t'
import { useJobDesk } from '../../store'
import { SettingsCard } from './settings-card'

/** The global executor access token: shown on demand, copied, or replaced (after a warning). */
export function TokenSection({ settings }: { settings: Settings }) {
  const t = useT()
  const regenerate = useJobDesk((s) => s.regenerateAccessToken)
  const language = useJobDesk((s) => s.preferences.language)
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  return (
    <SettingsCard title="settings.section.token" testId="settings-token">
      <Text size="sm" c="dimmed" mb="xs">
        {t('settings.tokenHint')}
      </Text>
      <Group align="flex-end" wrap="nowrap">
        <PasswordInput
          flex={1}
          label={t('settings.accessToken')}
          value={settings.accessToken}
          readOnly
          classNames={{ input: 'jd-mono' }}
          data-testid="settings-token-value"
        />
        <CopyButton value={settings.accessToken}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} data-testid="settings-token-copy" data-copied={copied}>
              {copied ? t('settings.copied') : t('settings.copy')}
            </Button>
          )}
        </CopyButton>
        <Button color="orange" variant="light" onClick={() => setAsking(true)} loading={busy} data-testid="settings-token-regenerate">
          {t('settings.regenerate')}
        </Button>
      </Group>
      <ConfirmDialog
        opened={asking}
        title={t('settings.regenerateTitle')}
        confirmLabel={t('settings.regenerate')}
        confirmColor="orange"
        confirmTestId="settings-token-regenerate-confirm"
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false)
          setBusy(true)
          regenerate()
            .catch((error: unknown) => notifyError(language, 'common.error', error))
            .finally(() => setBusy(false))
        }}
      >
        <Text size="sm">{t('settings.regenerateBody')}</Text>
      </ConfirmDialog>
    </SettingsCard>
  )
}
