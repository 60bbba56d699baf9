const formatters = new Map<string, Intl.DateTimeFormat>()

/** `2026-01-10 12:00:05` style date-time of an epoch-ms instant, in `timeZone` (default: local). */
export function formatDateTime(epochMs: number, timeZone?: string): string {
  const key = timeZone ?? ''
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.DateTimeFormat('sv-SE', {
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      ...(timeZone ? { timeZone } : {}),
    })
    formatters.set(key, format)
  }
  // Swedish formatting is ISO-like (yyyy-MM-dd HH:mm:ss) in every browser.
  return format.format(new Date(epochMs))
}

/** The IANA zones the browser knows, with UTC first (`Intl.supportedValuesOf` omits it in some engines). */
export function listTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')]
}

export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/** Number formatting for counters, by UI language: the one rule, kept with the dictionary. */
export { formatCount } from '../../i18n/count-format'
