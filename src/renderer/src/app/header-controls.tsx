import { Badge, Group, SegmentedControl, Select } from '@mantine/core'
import { lazy, Suspense } from 'react'
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../i18n/dictionary'
import { useT } from '../i18n/use-t'
import { COLOR_SCHEMES, type ColorSchemePreference } from '../lib/settings/preferences'
import { useJobDesk } from '../store'
import { selectColorScheme, selectConnection, selectLanguage } from '../store/ui/selectors'
import { PauseAllButton } from './pause-all-button'
import { SessionMenu } from './session-menu'
import { shellActions } from '../services/desktop-shell'

// The desktop app's alone, and its form checks with the schemas (zod): loaded where the shell offers it.
const ConnectServerButton = lazy(() => import('./connect-server').then((module) => ({ default: module.ConnectServerButton })))

const CONNECTION_COLOR = { online: 'teal', connecting: 'gray', reconnecting: 'orange' } as const

export function ConnectionBadge() {
  const t = useT()
  const connection = useJobDesk(selectConnection)
  return (
    <Badge
      color={CONNECTION_COLOR[connection]}
      variant={connection === 'online' ? 'light' : 'filled'}
      data-testid="connection-status"
      data-state={connection}
      role="status"
    >
      {t(`connection.${connection}`)}
    </Badge>
  )
}

export function HeaderControls() {
  const t = useT()
  const language = useJobDesk(selectLanguage)
  const colorScheme = useJobDesk(selectColorScheme)
  const setLanguage = useJobDesk((s) => s.setLanguage)
  const setColorScheme = useJobDesk((s) => s.setColorScheme)

  return (
    <Group gap="sm" wrap="nowrap">
      <PauseAllButton />
      <SessionMenu />
      {shellActions() && (
        <Suspense fallback={null}>
          <ConnectServerButton />
        </Suspense>
      )}
      <ConnectionBadge />
      <SegmentedControl
        size="xs"
        aria-label={t('header.theme')}
        data-testid="theme-switch"
        value={colorScheme}
        onChange={(value) => setColorScheme(value as ColorSchemePreference)}
        data={COLOR_SCHEMES.map((scheme) => ({ value: scheme, label: t(`theme.${scheme}`) }))}
      />
      <Select
        size="xs"
        w={110}
        aria-label={t('header.language')}
        data-testid="language-switch"
        value={language}
        allowDeselect={false}
        onChange={(value) => value && setLanguage(value as Language)}
        data={LANGUAGES.map((lang) => ({ value: lang, label: LANGUAGE_NAMES[lang] }))}
      />
    </Group>
  )
}
