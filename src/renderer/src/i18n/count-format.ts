import type { ConsoleLanguage } from '../../../shared/api'

/**
 * The one way the console writes a count: grouped as the language groups digits (100,003 in both
 * English and Chinese). Placeholders of translated text get it too (see translate in dictionary.ts),
 * but numbers that name something — ids (`{id}`, `{jobId}`…), ports, years, codes — and a value
 * quoted back as the operator typed it (`{got}`, `{value}`) are written as they are.
 */
const NUMBER_NAMES: ReadonlySet<string> = new Set(['id', 'port', 'year', 'code', 'status', 'g', 'generation', 'line', 'column', 'got', 'value', 'original'])

/** The placeholder holds a number that names or quotes something, not a count. */
export function namesSomething(placeholder: string): boolean {
  return NUMBER_NAMES.has(placeholder) || /[a-z]Id$/.test(placeholder)
}

const formats = new Map<ConsoleLanguage, Intl.NumberFormat>()

export function formatCount(n: number, language: ConsoleLanguage): string {
  let format = formats.get(language)
  if (!format) {
    format = new Intl.NumberFormat(language)
    formats.set(language, format)
  }
  return format.format(n)
}
