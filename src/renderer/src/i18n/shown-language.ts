import { useSyncExternalStore } from 'react'
import type { Language } from './dictionary'

/*
 * The language the console shows, held below the store: the store writes it here whenever the
 * operator's preference changes (store/index.ts), and i18n's hooks read it from here, so the
 * translations never import the store that imports them.
 */

let shown: Language = 'en'
const listeners = new Set<() => void>()

/** Sets the language shown; components using useT re-render when it changes. */
export function showLanguage(language: Language): void {
  if (language === shown) return
  shown = language
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The language shown now (what useShownLanguage returns on its next render). */
export function shownLanguage(): Language {
  return shown
}

/** The language shown, as a hook: the component re-renders when it changes. */
export function useShownLanguage(): Language {
  return useSyncExternalStore(subscribe, shownLanguage)
}
