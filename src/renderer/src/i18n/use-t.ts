import { useCallback } from 'react'
import { useJobDesk } from '../store'
import { selectLanguage } from '../store/ui/selectors'
import { translate, type Language, type MessageKey, type Vars } from './dictionary'
import { errorText } from './server-text'

export type Translate = (key: MessageKey, vars?: Vars) => string

/** The translate function of the current UI language; components re-render when it changes. */
export function useT(): Translate {
  const language = useJobDesk(selectLanguage)
  return useCallback((key: MessageKey, vars?: Vars) => translate(language, key, vars), [language])
}

export function useLanguage(): Language {
  return useJobDesk(selectLanguage)
}

/** Renders an error in the current UI language (its code and parameters, else the core's English). */
export function useErrorText(): (error: unknown) => string {
  const language = useJobDesk(selectLanguage)
  return useCallback((error: unknown) => errorText(language, error), [language])
}
