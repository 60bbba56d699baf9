import { en } from './en'
import { zhCN } from './zh-cn'
import { CONSOLE_LANGUAGES, type ConsoleLanguage } from '../../../shared/api'

export const LANGUAGES = CONSOLE_LANGUAGES
export type Language = ConsoleLanguage

export type MessageKey = keyof typeof en
/** Every language has every key, and only those (an object literal with an extra key fails too). */
export type Dictionary = Record<MessageKey, string>

export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', 'zh-CN': '简体中文' }

const dictionaries: Record<Language, Dictionary> = { en, 'zh-CN': zhCN }

export type Vars = Record<string, string | number>

/** The text of `key` in `language` with `{name}` placeholders filled from `vars`. */
export function translate(language: Language, key: MessageKey, vars?: Vars): string {
  const text = dictionaries[language][key]
  if (!vars) return text
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole))
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** The browser's preferred language if it is Chinese, else English. */
export function detectLanguage(preferred: readonly string[]): Language {
  return preferred.some((tag) => tag.toLowerCase().startsWith('zh')) ? 'zh-CN' : 'en'
}
