import { en } from './en'
import { zhCN } from './zh-cn'
import { CONSOLE_LANGUAGES, type ConsoleLanguage } from '../../../shared/api'
import type { Dictionary, MessageKey } from './dictionary-types'
import { formatCount, namesSomething } from './count-format'

export type { MessageKey } from './dictionary-types'

export const LANGUAGES = CONSOLE_LANGUAGES
export type Language = ConsoleLanguage

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' }

const dictionaries: Record<Language, Dictionary> = { en, 'zh-CN': zhCN }

export type Vars = Record<string, string | number>

/** Plural categories in the order a `{n|…|…}` choice lists its forms: `one` first, `other` last. */
const PLURAL_ORDER: readonly Intl.LDMLPluralRule[] = ['zero', 'one', 'two', 'few', 'many', 'other']
const pluralRules = new Map<Language, Intl.PluralRules>()

/**
 * `{n|run|runs}`: the form of `n`'s plural category in `language` (Intl.PluralRules), the forms
 * given in PLURAL_ORDER for the categories the language has; a language with one form (Chinese)
 * writes the word alone. An unknown or non-numeric `n` takes the last form.
 */
function pluralForm(language: Language, value: string | number | undefined, forms: readonly string[]): string {
  const rules = pluralRules.get(language) ?? new Intl.PluralRules(language)
  pluralRules.set(language, rules)
  const categories = PLURAL_ORDER.filter((c) => rules.resolvedOptions().pluralCategories.includes(c))
  const category =
    typeof value === 'number' || (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) ? rules.select(Number(value)) : 'other'
  return forms[categories.indexOf(category)] ?? forms[forms.length - 1]
}

/**
 * The text of `key` in `language` with `{name}` placeholders filled from `vars`, and `{name|form|…}`
 * plural choices made. A number is written as a count (formatCount) unless its placeholder names
 * something (namesSomething: `{id}`, `{jobId}`, `{port}`…).
 */
export function translate(language: Language, key: MessageKey, vars?: Vars): string {
  const text = dictionaries[language][key]
  if (!vars) return text
  return text
    .replace(/\{(\w+)((?:\|[^|{}]*)+)\}/g, (_whole, name: string, forms: string) => pluralForm(language, vars[name], forms.slice(1).split('|')))
    .replace(/\{(\w+)\}/g, (whole, name: string) => {
      if (!(name in vars)) return whole
      const value = vars[name]
      return typeof value === 'number' && !namesSomething(name) ? formatCount(value, language) : String(value)
    })
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** The browser's preferred language if it is Chinese, else English. */
export function detectLanguage(preferred: readonly string[]): Language {
  return preferred.some((tag) => tag.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en'
}
