import { Switch, Text } from '@mantine/core'
import type { Settings } from '../../../../shared/api'
import { useT } from '../../i18n/use-t'
import type { SettingsDraft } from '../../lib/settings/settings-draft'
import { SettingsCard } from './settings-card'

/** Whether script jobs may run on this machine (the embedded executor); off by default. */
export function ScriptsSection({ settings, draft, update }: { settings: Settings; draft: SettingsDraft; update: (patch: Partial<SettingsDraft>) => void }) {
  const t = useT()
  return (
    <SettingsCard title="settings.section.scripts" testId="settings-scripts">
      <Switch
        label={t('settings.embeddedScripts')}
        description={t('settings.embeddedScriptsHint')}
        checked={draft.embeddedScriptsEnabled || settings.embeddedScriptsForced}
        disabled={settings.embeddedScriptsForced}
        onChange={(event) => update({ embeddedScriptsEnabled: event.currentTarget.checked })}
        data-testid="settings-embedded-scripts"
      />
      {settings.embeddedScriptsForced && (
        <Text size="xs" c="orange" mt="xs" data-testid="settings-scripts-forced">
          {t('settings.embeddedScriptsForced')}
        </Text>
      )}
    </SettingsCard>
  )
}
