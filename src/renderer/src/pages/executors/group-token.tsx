import { ActionIcon, CopyButton, Group, Text, Tooltip } from '@mantine/core'
import { useState } from 'react'
import { CopyIcon } from '../../kit/icons'
import { useT } from '../../i18n/use-t'

/** A group's own access token, hidden until asked for; or a note that the global one applies. */
export function GroupToken({ token }: { token: string }) {
  const t = useT()
  const [shown, setShown] = useState(false)
  if (!token) {
    return (
      <Text size="xs" c="dimmed" data-testid="group-token" data-own="false">
        {t('executors.globalToken')}
      </Text>
    )
  }
  return (
    <Group gap={6} data-testid="group-token" data-own="true">
      <Text size="xs" c="dimmed">
        {t('executors.ownToken')}:
      </Text>
      <Text size="xs" ff="monospace" data-testid="group-token-value">
        {shown ? token : '••••••••'}
      </Text>
      <Text size="xs" c="indigo" style={{ cursor: 'pointer' }} onClick={() => setShown(!shown)} data-testid="group-token-toggle">
        {shown ? t('executors.hideToken') : t('executors.showToken')}
      </Text>
      <CopyButton value={token}>
        {({ copied, copy }) => (
          <Tooltip label={copied ? t('settings.copied') : t('settings.copy')}>
            <ActionIcon size="xs" variant="subtle" onClick={copy} aria-label={t('settings.copy')}>
              <CopyIcon size={12} />
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  )
}
