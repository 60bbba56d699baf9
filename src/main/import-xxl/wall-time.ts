import { zoneOffsetMs } from '../schedule/timezone'

const DAY_MS = 86_400_000
const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?$/

/**
 * Epoch ms of a MySQL DATETIME (`2024-05-01 08:30:00`, as mysql2 returns it with `dateStrings`),
 * read as a wall time in `zone`: XXL-JOB writes its admin's local time there. Null for NULL, an
 * empty or a zero date. In a DST gap the time is read with the offset before the gap; in a repeated
 * hour, as the first of the two.
 */
export function wallTimeToEpochMs(text: string | null | undefined, zone: string): number | null {
  if (text === null || text === undefined) return null
  const match = WALL_TIME.exec(text.trim())
  if (!match) return null
  const [, y, mo, d, h, mi, s, fraction] = match
  if (Number(y) === 0) return null
  const wallMs = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s), fraction ? Math.floor(Number(`0.${fraction}`) * 1000) : 0)
  // The zone's offsets a day either side: a wall time reads as one or both (a repeated hour), or as
  // neither (a DST gap).
  const before = wallMs - zoneOffsetMs(zone, wallMs - DAY_MS)
  const after = wallMs - zoneOffsetMs(zone, wallMs + DAY_MS)
  const fits = (epochMs: number) => epochMs + zoneOffsetMs(zone, epochMs) === wallMs
  const readings = [before, after].filter(fits)
  return readings.length === 0 ? before : Math.min(...readings)
}

/** `2024-05-01 08:30:00`: the wall time of `epochMs` in `zone`, as a DATETIME literal. */
export function epochMsToWallTime(epochMs: number, zone: string): string {
  const wall = new Date(epochMs + zoneOffsetMs(zone, epochMs))
  const two = (n: number) => String(n).padStart(2, '0')
  return `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())} ${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:${two(wall.getUTCSeconds())}`
}
