import { Button, CopyButton, Group, PasswordInput, Switch, Text } from '@mantine/core'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { useState } from 'react'
import type { Settings } from '../../../../shared/api'
import { notifyError } from '../../kit/notify'
import type { MessageKey } from '../../i18n/dictionary'
import { useT } from '../../i18n/use-t'
import type { SettingsDraft } from '../../lib/settings/settings-draft'
import { useJobDesk } from '../../store'
import { SettingsCard } from './settings-card'

/**
 * The two tokens: the executor access token (register, beat, call back) and the OpenAPI's token
 * (manage jobs). Each is shown on demand, copied, or replaced after a warning; one set on the
 * command line cannot be replaced here.
 */
export function TokenSection({ settings, draft, update }: { settings: Settings; draft: SettingsDraft; update: (patch: Partial<SettingsDraft>) => void }) {
  const t = useT()
  const regenerateAccess = useJobDesk((s) => s.regenerateAccessToken)
  const regenerateApi = useJobDesk((s) => s.regenerateApiToken)
  return (
    <>
      <SettingsCard title="settings.section.token" testId="settings-token">
        <TokenField
          hint="settings.tokenHint"
          label="settings.accessToken"
          value={settings.accessToken}
          fromFlag={settings.tokensFromFlags.accessToken ? '--token' : null}
          confirm={{ title: 'settings.regenerateTitle', body: 'settings.regenerateBody' }}
          regenerate={regenerateAccess}
          testId="settings-token"
        />
      </SettingsCard>
      <SettingsCard title="settings.section.apiToken" testId="settings-api-token">
        <TokenField
          hint="settings.apiTokenHint"
          label="settings.apiToken"
          value={settings.apiToken}
          fromFlag={settings.tokensFromFlags.apiToken ? '--api-token' : null}
          confirm={{ title: 'settings.regenerateApiTitle', body: 'settings.regenerateApiBody' }}
          regenerate={regenerateApi}
          testId="settings-api-token"
        />
        <Switch
          mt="md"
          label={t('settings.acceptExecutorToken')}
          description={t('settings.acceptExecutorTokenHint')}
          checked={draft.openApiAcceptsExecutorToken}
          onChange={(event) => update({ openApiAcceptsExecutorToken: event.currentTarget.checked })}
          data-testid="settings-accept-executor-token"
        />
      </SettingsCard>
    </>
  )
}

interface TokenFieldProps {
  hint: MessageKey
  label: MessageKey
  value: string
  /** The flag that set the token, when it came from the command line. */
  fromFlag: string | null
  confirm: { title: MessageKey; body: MessageKey }
  regenerate: () => Promise<unknown>
  testId: string
}

function TokenField({ hint, label, value, fromFlag, confirm, regenerate, testId }: TokenFieldProps) {
  const t = useT()
  const language = useJobDesk((s) => s.preferences.language)
  const [asking, setAsking] = useState(false)
  const [busy, setBusy] = useState(false)
  return (
    <>
      <Text size="sm" c="dimmed" mb="xs">
        {t(hint)}
      </Text>
      <Group align="flex-end" wrap="nowrap">
        <PasswordInput flex={1} label={t(label)} value={value} readOnly classNames={{ input: 'jd-mono' }} data-testid={`${testId}-value`} />
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy} data-testid={`${testId}-copy`} data-copied={copied}>
              {copied ? t('settings.copied') : t('settings.copy')}
            </Button>
          )}
        </CopyButton>
        <Button color="orange" variant="light" onClick={() => setAsking(true)} loading={busy} disabled={fromFlag !== null} data-testid={`${testId}-regenerate`}>
          {t('settings.regenerate')}
        </Button>
      </Group>
      {fromFlag && (
        <Text size="xs" c="dimmed" mt={4}>
          {t('settings.tokenFromFlag', { flag: fromFlag })}
        </Text>
      )}
      <ConfirmDialog
        opened={asking}
        title={t(confirm.title)}
        confirmLabel={t('settings.regenerate')}
        confirmColor="orange"
        confirmTestId={`${testId}-regenerate-confirm`}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false)
          setBusy(true)
          regenerate()
            .catch((error: unknown) => notifyError(language, 'common.error', error))
            .finally(() => setBusy(false))
        }}
      >
        <Text size="sm">{t(confirm.body)}</Text>
      </ConfirmDialog>
    </>
  )
}
