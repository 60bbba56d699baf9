import { Button, CopyButton, Group, PasswordInput, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import type { Settings } from '../../../../shared/api'
import { useT } from '../../i18n/use-t'
import { SettingsCard } from './settings-card'

/**
 * Headless mode: the console token a browser needs, and the address that carries it, to open the
 * console on another machine or tab (hidden until asked for: it is a secret).
 */
export function ConsoleAccessSection({ settings }: { settings: Settings }) {
  const t = useT()
  const [shown, setShown] = useState(false)
  const token = settings.consoleToken
  if (token === null) return null
  const url = `${location.origin}/#token=${token}`
  return (
    <SettingsCard title="settings.section.console" testId="settings-console">
      <Text size="sm" c="dimmed" mb="xs">
        {t('settings.consoleTokenHint')}
      </Text>
      <Stack gap="xs">
        <Group align="flex-end" wrap="nowrap">
          <PasswordInput
            flex={1}
            label={t('settings.consoleToken')}
            value={token}
            readOnly
            visible={shown}
            onVisibilityChange={setShown}
            classNames={{ input: 'jd-mono' }}
            data-testid="settings-console-token"
          />
          <Button variant="default" onClick={() => setShown((on) => !on)} data-testid="settings-console-token-show">
            {shown ? t('settings.hide') : t('settings.show')}
          </Button>
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy} data-testid="settings-console-url-copy">
                {copied ? t('settings.copied') : t('settings.copyAddress')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Text size="xs" ff="monospace" data-testid="settings-console-url">
          {shown ? url : `${location.origin}/#token=${'•'.repeat(12)}`}
        </Text>
      </Stack>
    </SettingsCard>
  )
}

/** How this JobDesk runs and where its own log goes. */
export function RuntimeSection({ settings }: { settings: Settings }) {
  const t = useT()
  return (
    <SettingsCard title="settings.section.runtime" testId="settings-runtime">
      <Stack gap={4}>
        <Text size="sm" data-testid="settings-mode" data-mode={settings.mode}>
          {settings.mode === 'headless' ? t('settings.modeHeadless') : t('settings.modeDesktop')}
        </Text>
        <Text size="sm" data-testid="settings-log-file">
          {settings.logFile ? t('settings.logFile', { path: settings.logFile }) : t('settings.logFileNone')}
        </Text>
      </Stack>
    </SettingsCard>
  )
}
