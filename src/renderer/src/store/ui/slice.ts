import type { ConnectionState } from '../../api/client'
import type { Route } from '../../kit/route'
import type { Language } from '../../i18n/dictionary'
import type { ColorSchemePreference } from '../../lib/settings/preferences'
import type { RunColumnWidths } from '../../lib/runs/runs-layout'
import type { UiState } from './initialState'

export interface UiActions {
  /** Shows a page and records it in the address fragment (so Back works); asks first when a page holds unsaved edits. */
  navigate(route: Route): void
  /** Applies a fragment change made by the browser (Back/Forward, a typed address); asks first like `navigate`. */
  applyRoute(route: Route): void
  /** A page says whether it holds unsaved edits. */
  setUnsavedChanges(unsaved: boolean): void
  /** The prompt's answer about `pendingRoute`: go there (dropping the edits) or stay. */
  resolvePendingRoute(leave: boolean): void
  setLanguage(language: Language): void
  setColorScheme(colorScheme: ColorSchemePreference): void
  /** The runs list's width beside the run detail (px), remembered in this browser. */
  setRunsListPx(px: number): void
  setRunColumns(widths: RunColumnWidths): void
  setRunHeaderCollapsed(collapsed: boolean): void
  setConnection(connection: ConnectionState): void
  setMissingToken(missing: boolean): void
}

export type UiSlice = UiState & UiActions
