import { detectLanguage, isLanguage, type Language } from '../i18n/dictionary'

export const COLOR_SCHEMES = ['light', 'dark', 'auto'] as const
export type ColorSchemePreference = (typeof COLOR_SCHEMES)[number]

export interface Preferences {
  language: Language
  colorScheme: ColorSchemePreference
}

export const PREFERENCES_KEY = 'jobdesk.preferences'

/** Stored preferences, with defaults for anything missing or malformed. */
export function readPreferences(stored: string | null, browserLanguages: readonly string[]): Preferences {
  let raw: Record<string, unknown> = {}
  try {
    const parsed: unknown = stored ? JSON.parse(stored) : {}
    if (parsed && typeof parsed === 'object') raw = parsed as Record<string, unknown>
  } catch {
    // A corrupt entry falls back to defaults.
  }
  return {
    language: isLanguage(raw.language) ? raw.language : detectLanguage(browserLanguages),
    colorScheme: (COLOR_SCHEMES as readonly unknown[]).includes(raw.colorScheme) ? (raw.colorScheme as ColorSchemePreference) : 'auto',
  }
}
