import type { WindowView } from '../../../../shared/calendar/maintenance-window'
import type { WindowRequest } from '../../../../shared/schema/window'
import { formatDateTime } from '../format/format-time'

/** What the window editor holds: times as the operator reads them, in the window's zone. */
export interface WindowForm {
  name: string
  timezone: string
  kind: 'once' | 'recurring'
  /** `YYYY-MM-DDTHH:mm`, a wall time in `timezone` (a datetime-local field's value). */
  start: string
  end: string
  cron: string
  durationMin: number
  scopeAll: boolean
  groupIds: number[]
  jobIds: number[]
  flowIds: number[]
  killRunning: boolean
  enabled: boolean
}

const HOUR_MS = 3_600_000

/** `epochMs` as a wall time in `zone`, to the minute: what a datetime-local field shows. */
export function wallTimeOf(epochMs: number, zone: string): string {
  return formatDateTime(epochMs, zone).slice(0, 16).replace(' ', 'T')
}

/**
 * The instant a wall time (`YYYY-MM-DDTHH:mm`) names in `zone`, or null when it is not one. In a
 * DST overlap the first of the two; in a gap, where the wall time does not exist, it is read as if
 * the clocks had not moved (02:30 on a spring-forward night is 03:30), as JavaScript's Date does.
 */
export function instantOfWallTime(text: string, zone: string): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text)
  if (!match) return null
  const [year, month, day, hour, minute] = match.slice(1).map(Number)
  const asUtc = Date.UTC(year, month - 1, day, hour, minute)
  if (!Number.isFinite(asUtc)) return null
  const offsetAt = (ms: number) => Date.parse(`${formatDateTime(ms, zone).replace(' ', 'T')}Z`) - Math.floor(ms / 1000) * 1000
  // The offset before the wall time first: the earlier reading wins an overlap.
  const early = asUtc - offsetAt(asUtc - 12 * HOUR_MS)
  if (wallTimeOf(early, zone) === text) return early
  const late = asUtc - offsetAt(asUtc + 12 * HOUR_MS)
  if (wallTimeOf(late, zone) === text) return late
  // In a gap neither reading shows the wall time: the later one is it, shifted by the gap.
  return Math.max(early, late)
}

/** A new window's editor: one-off, tomorrow night 22:00 to 02:00 in `zone`, over everything. */
export function newWindowForm(zone: string, nowMs: number): WindowForm {
  const tomorrow = wallTimeOf(nowMs + 24 * HOUR_MS, zone).slice(0, 10)
  const after = wallTimeOf(nowMs + 48 * HOUR_MS, zone).slice(0, 10)
  return {
    name: '',
    timezone: zone,
    kind: 'once',
    start: `${tomorrow}T22:00`,
    end: `${after}T02:00`,
    cron: '0 0 2 ? * SAT',
    durationMin: 180,
    scopeAll: true,
    groupIds: [],
    jobIds: [],
    flowIds: [],
    killRunning: false,
    enabled: true,
  }
}

/** An existing window in the editor. */
export function formOfWindow(window: WindowView): WindowForm {
  const { timing, scope, timezone } = window
  const blank = newWindowForm(timezone, Date.now())
  return {
    ...blank,
    name: window.name,
    timezone,
    kind: timing.kind,
    ...(timing.kind === 'once'
      ? { start: wallTimeOf(timing.startMs, timezone), end: wallTimeOf(timing.endMs, timezone) }
      : { cron: timing.cron, durationMin: Math.round(timing.durationSec / 60) }),
    scopeAll: scope.all,
    ...(scope.all ? {} : { groupIds: scope.groupIds, jobIds: scope.jobIds, flowIds: scope.flowIds }),
    killRunning: window.killRunning,
    enabled: window.enabled,
  }
}

/**
 * What the editor sends: a one-off window's times as instants (a wall time that is not one goes as
 * typed, for the server to refuse with its words), a recurring one's cron and length in seconds.
 */
export function requestOfForm(form: WindowForm): WindowRequest {
  const instant = (text: string) => instantOfWallTime(text, form.timezone) ?? text
  return {
    name: form.name.trim(),
    timezone: form.timezone,
    ...(form.kind === 'once'
      ? { start: instant(form.start), end: instant(form.end) }
      : { cron: form.cron.trim(), durationSec: Math.round(form.durationMin * 60) }),
    ...(form.scopeAll ? { all: true } : { all: false, groupIds: form.groupIds, jobIds: form.jobIds, flowIds: form.flowIds }),
    killRunning: form.killRunning,
    enabled: form.enabled,
  }
}
