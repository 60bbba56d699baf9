import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core'
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../i18n/dictionary'
import { useT } from '../../i18n/use-t'
import { COLOR_SCHEMES, type ColorSchemePreference } from '../../lib/settings/preferences'
import { useJobDesk } from '../../store'
import { selectColorScheme, selectLanguage } from '../../store/ui/selectors'
import { SettingsCard } from './settings-card'

/** Language and theme: kept in this browser (or window), applied at once. */
export function AppearanceSection() {
  const t = useT()
  const language = useJobDesk(selectLanguage)
  const colorScheme = useJobDesk(selectColorScheme)
  const setLanguage = useJobDesk((s) => s.setLanguage)
  const setColorScheme = useJobDesk((s) => s.setColorScheme)
  return (
    <SettingsCard title="settings.section.appearance" testId="settings-appearance">
      <Group align="flex-end">
        <Select
          w={200}
          label={t('header.language')}
          value={language}
          allowDeselect={false}
          onChange={(value) => value && setLanguage(value as Language)}
          data={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }))}
          data-testid="settings-language"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('header.theme')}
          </Text>
          <SegmentedControl
            value={colorScheme}
            onChange={(value) => setColorScheme(value as ColorSchemePreference)}
            data={COLOR_SCHEMES.map((scheme) => ({ value: scheme, label: t(`theme.${scheme}`) }))}
            data-testid="settings-theme"
          />
        </Stack>
      </Group>
      <Text size="xs" c="dimmed" mt="xs">
        {t('settings.appearanceHint')}
      </Text>
    </SettingsCard>
  )
}
