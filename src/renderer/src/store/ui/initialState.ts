import type { ConnectionState } from '../../api/client'
import { parseRoute, type Route } from '../../kit/route'
import { PREFERENCES_KEY, readPreferences, type Preferences } from '../../lib/settings/preferences'

export interface UiState {
  route: Route
  preferences: Preferences
  connection: ConnectionState
  /** The browser bridge has no console token: nothing can load until the operator opens the printed address. */
  missingToken: boolean
  /** A page holds unsaved edits (Settings): leaving it asks first. */
  unsavedChanges: boolean
  /** Where the operator asked to go while there were unsaved edits; the prompt decides. */
  pendingRoute: Route | null
}

function storedPreferences(): string | null {
  try {
    return localStorage.getItem(PREFERENCES_KEY)
  } catch {
    return null
  }
}

export function initialUiState(): UiState {
  const hasWindow = typeof window !== 'undefined'
  return {
    route: hasWindow ? parseRoute(location.hash) : { page: 'dashboard' },
    preferences: readPreferences(hasWindow ? storedPreferences() : null, hasWindow ? navigator.languages : []),
    connection: 'connecting',
    missingToken: false,
    unsavedChanges: false,
    pendingRoute: null,
  }
}
