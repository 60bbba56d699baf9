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
/** Longest a segment can span: the forward probes plus the backward ones. */
const MAX_SPAN_MS = (FORWARD_PROBES + BACKWARD_PROBES) * PROBE_MS

/**
 * The segments built per zone, sorted by start, at most this many (two a year in a DST zone: 256
 * years; a full zone starts again empty). A schedule that never fires walks its slots a century or
 * two ahead before saying so, and each walk asked Intl ~180 times per half year again: with eight
 * segments a zone, the schedule property tests spent two thirds of their time there.
 */
const SEGMENTS_PER_ZONE = 512

interface ZoneSegments {
  sorted: ZoneSegment[]
  /**
   * The segment last answered, asked first: queries cluster (the scheduler's around "now", a walk's
   * on its way), and the segment just given is the one given again for any instant inside it.
   */
  last: ZoneSegment
}
const segments = new Map<string, ZoneSegments>()

/**
 * The segment of `zone` that contains `epochMs`.
 * @throws ValidationError on `timezone` for an unknown zone.
 */
export function zoneSegment(zone: string, epochMs: number): ZoneSegment {
  let known = segments.get(zone)
  if (known !== undefined) {
    if (epochMs >= known.last.startMs && epochMs < known.last.endMs) return known.last
    const found = containing(known.sorted, epochMs)
    if (found !== undefined) return (known.last = found)
  }
  const built = buildSegment(zone, epochMs)
  if (known === undefined || known.sorted.length >= SEGMENTS_PER_ZONE) {
    if (known === undefined && segments.size >= MAX_ZONES) segments.clear()
    segments.set(zone, (known = { sorted: [], last: built }))
  }
  known.sorted.splice(firstStartingAfter(known.sorted, built.startMs), 0, built)
  return (known.last = built)
}

/**
 * A segment of `known` (sorted by start) holding `epochMs`. Segments built around different instants
 * may overlap; any one holding the instant answers alike (same offset; cron.ts checks the rest).
 */
function containing(known: readonly ZoneSegment[], epochMs: number): ZoneSegment | undefined {
  for (let i = firstStartingAfter(known, epochMs) - 1; i >= 0 && known[i].startMs > epochMs - MAX_SPAN_MS; i--) {
    if (epochMs < known[i].endMs) return known[i]
  }
  return undefined
}

/** The index of the first segment of `known` starting after `epochMs` (known.length when none). */
function firstStartingAfter(known: readonly ZoneSegment[], epochMs: number): number {
  let lo = 0
  let hi = known.length
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    if (known[mid].startMs <= epochMs) lo = mid + 1
    else hi = mid
  }
  return lo
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
