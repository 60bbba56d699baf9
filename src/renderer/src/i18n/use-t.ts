import { useCallback } from 'react'
import { translate, type Language, type MessageKey, type Vars } from './dictionary'
import { errorText } from './server-text'
import { useShownLanguage } from './shown-language'

export type Translate = (key: MessageKey, vars?: Vars) => string

/** The translate function of the current UI language; components re-render when it changes. */
export function useT(): Translate {
  const language = useShownLanguage()
  return useCallback((key: MessageKey, vars?: Vars) => translate(language, key, vars), [language])
}

export function useLanguage(): Language {
  return useShownLanguage()
}

/** Renders an error in the current UI language (its code and parameters, else the core's English). */
export function useErrorText(): (error: unknown) => string {
  const language = useShownLanguage()
  return useCallback((error: unknown) => errorText(language, error), [language])
}
