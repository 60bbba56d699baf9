import { cronCache, exactCron, type CronCache, type CronEntry } from './cron-cache'
import { zoneSegment } from './zone-segment'

/**
 * Next fire time of a Quartz cron expression in an IANA zone.
 *
 * Croner evaluating in a named zone converts through Intl on every step (~6–20k calls/s here); on a fixed
 * offset it is 10–30× faster. So the expression is evaluated on the wall clock whenever the zone's offset is
 * constant from the query to the answer, and by the zone-aware croner instance only near an offset change
 * (DST), where croner's gap/overlap rules apply. Both give the same answers (see cron-dst.test.ts).
 *
 * DST behaviour (croner with fixedTimeRule 'no-wildcard'):
 * - Second, minute and hour hold only fixed values (a time, a list or a range; no `*`, no step): each listed
 *   local time fires once per local day. A time in the spring-forward gap fires at the first instant after
 *   the gap (02:30 → 03:00 local, same day); a time in the fall-back overlap fires at its first occurrence only.
 * - A `*` or a step in those fields (hourly `0 0 * * * ?`, `0 0/15 * * * ?`) follows real time: wall times in
 *   the gap do not exist and are skipped, wall times in the overlap fire on both passes, so the spacing in
 *   UTC stays regular (an hourly job fires 23 times on the spring-forward day and 25 on the fall-back day).
 */

/**
 * The first fire time strictly after `fromMs` (epoch ms), or null when the expression never fires again.
 * Fire times are whole seconds. A recent query (same expression, zone and second) is answered from a
 * small memo: the scheduler's common case is many jobs sharing one expression and asking the same chain.
 * @throws ValidationError on `scheduleConf` or `timezone` when either is invalid.
 */
export function cronNextFireMs(expression: string, timezone: string, fromMs: number, cache: CronCache = cronCache): number | null {
  const entry = cache.get(expression, timezone)
  const fromSec = Math.floor(fromMs / 1000)
  const remembered = entry.memo.get(fromSec)
  if (remembered !== undefined) return remembered
  const nextMs = computeNextFireMs(entry, fromSec * 1000)
  entry.memo.set(fromSec, nextMs)
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
