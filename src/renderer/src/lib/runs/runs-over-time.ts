import type { RunBar, RunBarState } from '../../../../shared/run-views'

/** A run's bar as drawn: where it starts, how wide, and on which lane. */
export interface BarBox {
  bar: RunBar
  startMs: number
  endMs: number
  x: number
  width: number
  lane: number
}

export interface RunsOverTimeLayout {
  boxes: BarBox[]
  lanes: number
  fromMs: number
  toMs: number
  /** Times for the axis labels, evenly spaced from fromMs to toMs. */
  ticks: number[]
}

/** A bar never narrower than this: a 2-ms run among day-long ones stays visible and clickable. */
export const MIN_BAR_PX = 3
/** Overlapping runs stack on lanes; past this many the rest share the lane that ends first. */
export const MAX_LANES = 8
const TICKS = 5
/** The axis spans at least a second, so one run of 0 ms still has room. */
const MIN_SPAN_MS = 1000

const ACTIVE: ReadonlySet<RunBarState> = new Set(['pending', 'running', 'queued', 'waiting'])

/** A run under way (its bar grows to now). */
export const isActiveBar = (bar: RunBar) => ACTIVE.has(bar.state)

/**
 * Lays the runs on one time axis `widthPx` wide: each from its start (its trigger while not
 * started) to its end (now while under way), packed onto as few lanes as keep bars apart.
 * Pure: the time is an argument.
 */
export function layoutRunsOverTime(bars: readonly RunBar[], nowMs: number, widthPx: number): RunsOverTimeLayout {
  const spans = bars.map((bar) => {
    const startMs = bar.startTimeMs > 0 ? bar.startTimeMs : bar.triggerTimeMs
    const endMs = bar.endTimeMs > 0 ? bar.endTimeMs : isActiveBar(bar) ? Math.max(startMs, nowMs) : startMs
    return { bar, startMs, endMs: Math.max(startMs, endMs) }
  })
  if (spans.length === 0) return { boxes: [], lanes: 0, fromMs: nowMs, toMs: nowMs, ticks: [] }
  const fromMs = Math.min(...spans.map((s) => s.startMs))
  const toMs = Math.max(fromMs + MIN_SPAN_MS, ...spans.map((s) => s.endMs))
  const pxPerMs = Math.max(1, widthPx - MIN_BAR_PX) / (toMs - fromMs)
  const laneEnds: number[] = []
  const boxes = [...spans]
    .sort((a, b) => a.startMs - b.startMs || a.bar.id - b.bar.id)
    .map(({ bar, startMs, endMs }) => {
      const x = (startMs - fromMs) * pxPerMs
      const width = Math.max(MIN_BAR_PX, (endMs - startMs) * pxPerMs)
      const lane = laneFor(laneEnds, x, width)
      return { bar, startMs, endMs, x, width, lane }
    })
  const ticks = Array.from({ length: TICKS }, (_, i) => Math.round(fromMs + ((toMs - fromMs) * i) / (TICKS - 1)))
  return { boxes, lanes: laneEnds.length, fromMs, toMs, ticks }
}

/** The first lane free at `x` (a pixel apart from the bar before), a new one while allowed, else the one that ends first. */
function laneFor(laneEnds: number[], x: number, width: number): number {
  let lane = laneEnds.findIndex((end) => end + 1 <= x)
  if (lane < 0 && laneEnds.length < MAX_LANES) lane = laneEnds.length
  if (lane < 0) lane = laneEnds.indexOf(Math.min(...laneEnds))
  laneEnds[lane] = Math.max(laneEnds[lane] ?? 0, x + width)
  return lane
}
