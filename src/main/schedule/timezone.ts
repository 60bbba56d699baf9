import { invalidField } from '../../shared/messages/coded-errors'

/**
 * IANA time zones as the JS runtime (ICU) knows them, and the UTC offset of a zone at an instant.
 * Formatters are built once per zone; offsets are only read when a zone segment is (re)built.
 */

/** Fixed offsets such as `+01:00` are not IANA zones even where a runtime accepts them. */
const OFFSET_LIKE = /^[+\-\d]/
/** Bounds the per-zone maps against a stream of invalid names; real zones number ~600. */
const MAX_REMEMBERED_ZONES = 2048

const formatters = new Map<string, Intl.DateTimeFormat | null>()

function formatterFor(zone: string): Intl.DateTimeFormat | null {
  let formatter = formatters.get(zone)
  if (formatter !== undefined) return formatter
  formatter = null
  if (zone !== '' && !OFFSET_LIKE.test(zone)) {
    try {
      formatter = new Intl.DateTimeFormat('en-US', {
        timeZone: zone,
        hourCycle: 'h23',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
        hour: 'numeric',
        minute: 'numeric',
        second: 'numeric',
      })
    } catch {
      formatter = null
    }
  }
  if (formatters.size >= MAX_REMEMBERED_ZONES) formatters.clear()
  formatters.set(zone, formatter)
  return formatter
}

/** True when `zone` is an IANA zone name the runtime knows (`Europe/Berlin`, `UTC`, links such as `US/Eastern`). */
export function isIanaTimeZone(zone: string): boolean {
  return typeof zone === 'string' && formatterFor(zone) !== null
}

/** @throws ValidationError on `timezone` unless `zone` is an IANA zone. */
export function assertIanaTimeZone(zone: string): void {
  if (typeof zone !== 'string' || zone === '') throw invalidField('timezone', 'timezone.required')
  if (!isIanaTimeZone(zone)) throw invalidField('timezone', 'timezone.unknown', { zone })
}

/**
 * The zone's UTC offset in ms at `epochMs` (local wall time = epochMs + offset), to whole seconds.
 * Valid for years 100–9999.
 * @throws ValidationError on `timezone` for an unknown zone.
 */
export function zoneOffsetMs(zone: string, epochMs: number): number {
  const formatter = formatterFor(zone)
  if (formatter === null) throw invalidField('timezone', 'timezone.unknown', { zone })
  let year = 0
  let month = 0
  let day = 0
  let hour = 0
  let minute = 0
  let second = 0
  for (const part of formatter.formatToParts(epochMs)) {
    switch (part.type) {
      case 'year':
        year = Number(part.value)
        break
      case 'month':
        month = Number(part.value)
        break
      case 'day':
        day = Number(part.value)
        break
      case 'hour':
        hour = Number(part.value)
        break
      case 'minute':
        minute = Number(part.value)
        break
      case 'second':
        second = Number(part.value)
        break
    }
  }
  const wallMs = Date.UTC(year, month - 1, day, hour, minute, second)
  return wallMs - Math.floor(epochMs / 1000) * 1000
}
