import { detectLanguage, isLanguage, type Language } from '../../i18n/dictionary'
import { readRunColumnWidths, type RunColumnWidths } from '../runs/runs-layout'

export const COLOR_SCHEMES = ['light', 'dark', 'auto'] as const
export type ColorSchemePreference = (typeof COLOR_SCHEMES)[number]

export interface Preferences {
  language: Language
  colorScheme: ColorSchemePreference
  /** The runs list's width beside the run detail (px); null until the operator drags the split. */
  runsListPx: number | null
  runColumns: RunColumnWidths
  /** The run detail's fields and trail are folded away, so its log gets the height. */
  runHeaderCollapsed: boolean
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
    runsListPx: typeof raw.runsListPx === 'number' && Number.isFinite(raw.runsListPx) && raw.runsListPx > 0 ? Math.round(raw.runsListPx) : null,
    runColumns: readRunColumnWidths(raw.runColumns),
    runHeaderCollapsed: raw.runHeaderCollapsed === true,
  }
}
