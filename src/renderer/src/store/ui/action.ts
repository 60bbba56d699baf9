import { shareLanguage } from '../../services/console-language'
import { editScope, formatRoute, type Route } from '../../kit/route'
import { PREFERENCES_KEY, type Preferences } from '../../lib/settings/preferences'
import type { SliceCreator } from '../state'
import { initialUiState } from './initialState'
import type { UiSlice } from './slice'

/**
 * Edits live on their page (the flow editor: on its flow, see editScope): only moving elsewhere
 * loses them (a run id or filter change does not).
 */
function leavesUnsaved(from: Route, to: Route, unsaved: boolean): boolean {
  return unsaved && editScope(from) !== editScope(to)
}

function savePreferences(preferences: Preferences): void {
  try {
    localStorage.setItem(PREFERENCES_KEY, JSON.stringify(preferences))
  } catch {
    // Private windows may refuse storage; the choice then lasts for this tab only.
  }
}

export const createUiSlice: SliceCreator<UiSlice> = (set, get) => {
  // Preferences are this browser's: kept in localStorage as they change.
  const setPreferences = (patch: Partial<Preferences>) => {
    const preferences = { ...get().preferences, ...patch }
    savePreferences(preferences)
    set({ preferences })
  }
  return {
    ...initialUiState(),

    navigate(route) {
      if (leavesUnsaved(get().route, route, get().unsavedChanges)) return set({ pendingRoute: route })
      const hash = formatRoute(route)
      if (location.hash !== hash) history.pushState(null, '', hash)
      set({ route })
    },

    applyRoute(route) {
      const current = get().route
      if (leavesUnsaved(current, route, get().unsavedChanges)) {
        // The browser already moved: put the page being left back in the address, then ask.
        history.pushState(null, '', formatRoute(current))
        return set({ pendingRoute: route })
      }
      set({ route })
    },

    setUnsavedChanges(unsavedChanges) {
      if (unsavedChanges !== get().unsavedChanges) set({ unsavedChanges })
    },

    resolvePendingRoute(leave) {
      const pending = get().pendingRoute
      set({ pendingRoute: null })
      if (!leave || !pending) return
      set({ unsavedChanges: false })
      get().navigate(pending)
    },

    setLanguage(language) {
      setPreferences({ language })
      shareLanguage(language)
    },

    setColorScheme(colorScheme) {
      setPreferences({ colorScheme })
    },

    setRunsListPx(runsListPx) {
      setPreferences({ runsListPx })
    },

    setRunColumns(runColumns) {
      setPreferences({ runColumns })
    },

    setRunHeaderCollapsed(runHeaderCollapsed) {
      setPreferences({ runHeaderCollapsed })
    },

    setConnection(connection) {
      set({ connection })
    },

    setMissingToken(missingToken) {
      set({ missingToken })
    },
  }
}
