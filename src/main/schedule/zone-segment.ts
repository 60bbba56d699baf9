import { zoneOffsetMs } from './timezone'

/**
 * A stretch of time over which a zone's UTC offset is constant. Inside one, a cron expression can be
 * evaluated on the wall clock with plain UTC arithmetic (fast) and give what a zone-aware evaluation gives.
 */
export interface ZoneSegment {
  /** Wall time = epoch ms + offsetMs, for every instant in [startMs, endMs). */
  readonly offsetMs: number
  readonly startMs: number
  /** The next offset change, or the end of the stretch that was checked. */
  readonly endMs: number
  /**
   * The first instant whose wall time did not already occur before the segment: after a fall-back the
   * segment's first hour repeats wall times, and cron semantics there depend on what happened before.
   */
  readonly freshFromMs: number
}

const HOUR_MS = 3_600_000
const DAY_MS = 24 * HOUR_MS
/** Offsets are sampled once a day: this assumes no zone changes its offset twice within one day. */
const PROBE_MS = DAY_MS
const FORWARD_PROBES = 400
const BACKWARD_PROBES = 7
/** Longest stretch a fall-back can repeat (historic date-line moves repeated a whole day). */
const MAX_REPEAT_MS = 26 * HOUR_MS
const MAX_ZONES = 2048

/**
 * The segments last built per zone, a few each: the scheduler's queries cluster around "now", and a
 * calendar's look across a DST change around it, so neither rebuilds the other's.
 */
const SEGMENTS_PER_ZONE = 8
const segments = new Map<string, ZoneSegment[]>()

/**
 * The segment of `zone` that contains `epochMs`.
 * @throws ValidationError on `timezone` for an unknown zone.
 */
export function zoneSegment(zone: string, epochMs: number): ZoneSegment {
  let known = segments.get(zone)
  // Newest first: stretches built at different times overlap, and the last one built is the one asked about again.
  if (known !== undefined) for (let i = known.length - 1; i >= 0; i--) if (epochMs >= known[i].startMs && epochMs < known[i].endMs) return known[i]
  const built = buildSegment(zone, epochMs)
  if (known === undefined) {
    if (segments.size >= MAX_ZONES) segments.clear()
    segments.set(zone, (known = []))
  }
  if (known.length >= SEGMENTS_PER_ZONE) known.shift()
  known.push(built)
  return built
}

function buildSegment(zone: string, atMs: number): ZoneSegment {
  const offsetMs = zoneOffsetMs(zone, atMs)

  let endMs = atMs + FORWARD_PROBES * PROBE_MS
  for (let i = 1, checkedMs = atMs; i <= FORWARD_PROBES; i++) {
    const probeMs = atMs + i * PROBE_MS
    if (zoneOffsetMs(zone, probeMs) !== offsetMs) {
      endMs = firstChangeMs(zone, checkedMs, probeMs, offsetMs)
      break
    }
    checkedMs = probeMs
  }

  let startMs = atMs - BACKWARD_PROBES * PROBE_MS
  let freshFromMs = startMs + MAX_REPEAT_MS
  for (let i = 1, checkedMs = atMs; i <= BACKWARD_PROBES; i++) {
    const probeMs = atMs - i * PROBE_MS
    const earlierOffsetMs = zoneOffsetMs(zone, probeMs)
    if (earlierOffsetMs !== offsetMs) {
      startMs = firstChangeMs(zone, probeMs, checkedMs, earlierOffsetMs)
      freshFromMs = startMs + Math.max(0, earlierOffsetMs - offsetMs)
      break
    }
    checkedMs = probeMs
  }
  return { offsetMs, startMs, endMs, freshFromMs }
}

/**
 * The first whole second in (loMs, hiMs] whose offset differs from `offsetAtLoMs` (offset changes fall on
 * whole seconds). Requires the offset at hiMs to differ.
 */
function firstChangeMs(zone: string, loMs: number, hiMs: number, offsetAtLoMs: number): number {
  let lo = Math.floor(loMs / 1000)
  let hi = Math.floor(hiMs / 1000)
  while (hi - lo > 1) {
    const mid = lo + Math.floor((hi - lo) / 2)
    if (zoneOffsetMs(zone, mid * 1000) === offsetAtLoMs) lo = mid
    else hi = mid
  }
  return hi * 1000
}
