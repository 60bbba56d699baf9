import { Alert, Group, NumberInput, TextInput } from '@mantine/core'
import type { Settings } from '../../../../shared/api'
import { useT } from '../../i18n/use-t'
import type { SettingsDraft } from '../../lib/settings/settings-draft'
import { wholeNumber } from '../jobs/job-editor/executor-section'
import { SettingsCard } from './settings-card'

interface ListenSectionProps {
  draft: SettingsDraft
  saved: Settings
  update(patch: Partial<SettingsDraft>): void
  /** The field a refused save named, to mark it. */
  errorField: string | null
}

/** Where the console and the executor API listen (used at the next start), and how long runs are kept. */
export function ListenSection({ draft, saved, update, errorField }: ListenSectionProps) {
  const t = useT()
  const changed = draft.listenHost.trim() !== saved.listenHost || draft.listenPort !== saved.listenPort
  return (
    <SettingsCard title="settings.section.listen" testId="settings-listen">
      <Group grow align="flex-start">
        <TextInput
          label={t('settings.listenHost')}
          description={t('settings.listenHostHint')}
          value={draft.listenHost}
          onChange={(event) => update({ listenHost: event.currentTarget.value })}
          error={errorField === 'listenHost'}
          classNames={{ input: 'jd-mono' }}
          data-testid="settings-listenHost"
        />
        <NumberInput
          label={t('settings.listenPort')}
          min={1}
          max={65535}
          allowDecimal={false}
          value={draft.listenPort}
          onChange={(value) => update({ listenPort: wholeNumber(value) })}
          error={errorField === 'listenPort'}
          data-testid="settings-listenPort"
        />
        <NumberInput
          label={t('settings.retention')}
          description={t('settings.retentionHint')}
          min={0}
          max={3650}
          allowDecimal={false}
          value={draft.logRetentionDays}
          onChange={(value) => update({ logRetentionDays: wholeNumber(value) })}
          error={errorField === 'logRetentionDays'}
          data-testid="settings-retention"
        />
        <NumberInput
          label={t('settings.auditRetention')}
          description={t('settings.auditRetentionHint')}
          min={30}
          max={3650}
          allowDecimal={false}
          value={draft.auditRetentionDays}
          onChange={(value) => update({ auditRetentionDays: wholeNumber(value) })}
          error={errorField === 'auditRetentionDays'}
          data-testid="settings-audit-retention"
        />
      </Group>
      <Alert color={changed ? 'orange' : 'gray'} variant="light" mt="sm" p="xs" data-testid="settings-next-start">
        {t('settings.nextStart', { host: saved.listenHost, port: saved.listenPort })}
        {saved.mode === 'headless' && ` ${t('settings.listenHeadless')}`}
      </Alert>
    </SettingsCard>
  )
}
