import { cronCache, exactCron, type CronCache, type CronEntry } from './cron-cache'
import { zoneSegment } from './zone-segment'

/**
 * Next fire time of a Quartz cron expression in an IANA zone.
 *
 * Croner evaluating in a named zone converts through Intl on every step (~8–20k calls/s here); on a fixed
 * offset it is ~10× faster. So the expression is evaluated on the wall clock whenever the zone's offset is
 * constant from the query to the answer, and by the zone-aware croner instance only near an offset change
 * (DST), where croner's gap/overlap rules apply. Both give the same answers (see cron-dst.test.ts).
 */

/**
 * The first fire time strictly after `fromMs` (epoch ms), or null when the expression never fires again.
 * Fire times are whole seconds. Repeating the last query (same expression, zone and second) is answered
 * from a one-slot memo, the scheduler's common case of many jobs sharing one expression.
 * @throws ValidationError on `scheduleConf` or `timezone` when either is invalid.
 */
export function cronNextFireMs(expression: string, timezone: string, fromMs: number, cache: CronCache = cronCache): number | null {
  const entry = cache.get(expression, timezone)
  const fromSec = Math.floor(fromMs / 1000)
  if (entry.memoFromSec === fromSec) return entry.memoNextMs
  const nextMs = computeNextFireMs(entry, fromSec * 1000)
  entry.memoFromSec = fromSec
  entry.memoNextMs = nextMs
  return nextMs
}

/**
 * The first fire time strictly after `fromMs`, a whole second, without the memo.
 * Every fire time is a whole second, so "after fromMs" and "after the start of its second" agree.
 */
export function computeNextFireMs(entry: CronEntry, fromMs: number): number | null {
  const segment = zoneSegment(entry.timezone, fromMs)
  if (fromMs >= segment.freshFromMs) {
    const wall = entry.wall.nextRun(new Date(fromMs + segment.offsetMs))
    // No matching wall time after this one at all: the zone-aware answer is null as well.
    if (wall === null) return null
    const nextMs = wall.getTime() - segment.offsetMs
    if (nextMs < segment.endMs) return nextMs
  }
  const next = exactCron(entry).nextRun(new Date(fromMs))
  return next === null ? null : next.getTime()
}
