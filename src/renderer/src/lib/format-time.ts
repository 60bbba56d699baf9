import type { Language } from '../i18n/dictionary'

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

/** A duration as "850 ms", "12 s", "4 min 5 s", "3 h 2 min" or "2 d 5 h" (units are universal). */
export function formatDuration(ms: number): string {
  if (ms < 0) ms = 0
  if (ms < 1000) return `${Math.round(ms)} ms`
  const s = Math.floor(ms / 1000)
  if (s < 60) return `${s} s`
  const min = Math.floor(s / 60)
  if (min < 60) return s % 60 ? `${min} min ${s % 60} s` : `${min} min`
  const h = Math.floor(min / 60)
  if (h < 24) return min % 60 ? `${h} h ${min % 60} min` : `${h} h`
  const d = Math.floor(h / 24)
  return h % 24 ? `${d} d ${h % 24} h` : `${d} d`
}

/** The IANA zones the browser knows, with UTC first (`Intl.supportedValuesOf` omits it in some engines). */
export function listTimeZones(): string[] {
  const zones = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return ['UTC', ...zones.filter((zone) => zone !== 'UTC')]
}

export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

/** Number formatting for counters, by UI language. */
export function formatCount(n: number, language: Language): string {
  return n.toLocaleString(language)
}
