import { Combobox, MantineProvider, createTheme, useMantineColorScheme } from '@mantine/core'
import { Notifications } from '@mantine/notifications'
import { useEffect } from 'react'
import { useJobDesk } from '../store'
import { selectColorScheme, selectLanguage } from '../store/ui/selectors'
import { AppShellLayout } from './app-shell'
import type { GateNotice } from '../services/auth'
import { SignInPage } from '../pages/sign-in/sign-in-page'

const theme = createTheme({
  primaryColor: 'indigo',
  fontFamilyMonospace: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", "Noto Sans Mono CJK SC", monospace',
  defaultRadius: 'sm',
  components: {
    // Mantine 9 keeps every closed Select's options mounted (hidden): a job picker then mounts up to
    // its `limit` options and positions a hidden dropdown on every render. Mount them when opened.
    Combobox: Combobox.extend({ defaultProps: { keepMounted: false } }),
  },
})

/** Keeps Mantine's colour scheme and the document language in step with the stored preferences. */
function PreferenceSync() {
  const colorScheme = useJobDesk(selectColorScheme)
  const language = useJobDesk(selectLanguage)
  const { setColorScheme } = useMantineColorScheme()
  useEffect(() => setColorScheme(colorScheme), [colorScheme, setColorScheme])
  useEffect(() => {
    document.documentElement.lang = language
  }, [language])
  return null
}

/** `signIn`: the headless console must sign in first (why, when it says). */
export function App({ signIn }: { signIn?: GateNotice }) {
  const colorScheme = useJobDesk.getState().preferences.colorScheme
  return (
    <MantineProvider theme={theme} defaultColorScheme={colorScheme}>
      <PreferenceSync />
      <Notifications position="bottom-right" limit={5} />
      {signIn === undefined ? <AppShellLayout /> : <SignInPage notice={signIn} />}
    </MantineProvider>
  )
}
