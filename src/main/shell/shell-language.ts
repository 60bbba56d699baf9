import type { ConsoleLanguage, Settings } from '../../shared/api'
import type { CoreClient } from './core-client'

/**
 * The language the shell speaks: the console's (Settings.consoleLanguage), read from the core at
 * start and whenever the console saves settings; English until the console said. Listeners (the
 * tray) hear of a change at once.
 */
export class ShellLanguage {
  private language: ConsoleLanguage | null = null
  private readonly listeners = new Set<() => void>()

  get current(): ConsoleLanguage | null {
    return this.language
  }

  /** Reads the stored language from the core (a failed call keeps the one known). */
  async load(core: Pick<CoreClient, 'call'>): Promise<void> {
    const result = await core.call('getSettings', [])
    if (result.ok) this.note(result.value as Settings)
  }

  /** Settings the core answered with (e.g. to a save from the window). */
  note(settings: Pick<Settings, 'consoleLanguage'>): void {
    const next = settings.consoleLanguage ?? null
    if (next === this.language) return
    this.language = next
    for (const listener of this.listeners) listener()
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }
}
