import type { Language } from '../i18n/dictionary'
import { client, isDesktop } from '../api/client'

/**
 * Tells the core which language the desktop console shows, so the shell speaks it too (tray menu,
 * notifications). Headless mode keeps the choice in each browser only: there is no shell, and two
 * browsers may differ. A failure is harmless (the shell keeps its language until the next change).
 */
export function shareLanguage(language: Language): void {
  if (!isDesktop()) return
  void client()
    .saveSettings({ consoleLanguage: language })
    .catch(() => {})
}
