import type { ConsoleLanguage } from '../../../shared/api'

/**
 * The one way the console writes a count: grouped as the language groups digits (100,003 in both
 * English and Chinese). Placeholders of translated text get it too (see translate in dictionary.ts),
 * but numbers that name something — ids, ports, years, codes — are written as they are.
 */
export const NUMBER_NAMES: ReadonlySet<string> = new Set(['id', 'port', 'year', 'code', 'g', 'generation', 'line', 'column'])

const formats = new Map<ConsoleLanguage, Intl.NumberFormat>()

export function formatCount(n: number, language: ConsoleLanguage): string {
  let format = formats.get(language)
  if (!format) {
    format = new Intl.NumberFormat(language)
    formats.set(language, format)
  }
  return format.format(n)
}
