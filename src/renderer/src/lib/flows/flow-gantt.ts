import type { FlowNodeRun, FlowNodeState } from '../../../../shared/flow-types'

/** One node's bar on the run's timeline, placed in percent of the axis. */
export interface GanttBar {
  key: string
  state: FlowNodeState
  startMs: number
  /** The end, or `nowMs` for a node still running (its bar grows). */
  endMs: number
  growing: boolean
  leftPct: number
  widthPct: number
  /** Which try of the node it is (1 first), when the node was tried more than once; else null. */
  attempt: number | null
}

/** One try of a node (a job run of a retried node): its start and end (0 while it runs). */
export interface GanttAttempt {
  startMs: number
  endMs: number
}

/** A row of the timeline: a node with its bar, or without one when it has not started. */
export interface GanttRow {
  key: string
  state: FlowNodeState
  bar: GanttBar | null
  /** The tries before the last of a retried node, each its own bar (they failed: a try that succeeds is the last). */
  earlier: GanttBar[]
}

export interface GanttTick {
  atMs: number
  /** Time since the axis start (the label: `+2 min`). */
  offsetMs: number
  pct: number
}

export interface GanttLayout {
  startMs: number
  endMs: number
  rows: GanttRow[]
  ticks: GanttTick[]
}

/** Steps between ticks, from a second to a day: the first that keeps the ticks at about `maxTicks`. */
const TICK_STEPS_MS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400].map((s) => s * 1000)

/**
 * A bar this narrow (percent) is drawn at least this wide, so a 2 ms node stays visible and
 * clickable; one that would then run past the axis's end is moved left to end there.
 */
export const GANTT_MIN_BAR_PCT = 0.6

function tickStep(spanMs: number, maxTicks: number): number {
  return TICK_STEPS_MS.find((step) => spanMs / step <= maxTicks) ?? Math.ceil(spanMs / maxTicks / 86_400_000) * 86_400_000
}

const RUNNING: readonly FlowNodeState[] = ['running', 'waiting']

/**
 * The Gantt chart of a flow run: one row per node in the order given (the graph's), each with a bar
 * from its start to its end — to `nowMs` while it runs or waits — on one time axis from the first
 * start to the last end. A retried node (`attempts`: its job runs' times, oldest first) shows each
 * try: the failed ones as their own bars, the last as the node's. Nodes that have not started keep
 * their row without a bar. Ticks fall on round offsets from the axis start. Pure: the same nodes,
 * attempts and `nowMs` give the same chart.
 */
export function ganttLayout(
  nodes: readonly FlowNodeRun[],
  nowMs: number,
  maxTicks = 6,
  attempts: ReadonlyMap<string, readonly GanttAttempt[]> = new Map(),
): GanttLayout {
  const started = nodes.filter((node) => node.startTimeMs > 0)
  const triesOf = (node: FlowNodeRun) => {
    const tries = attempts.get(node.key) ?? []
    return tries.length > 1 ? tries.filter((tried) => tried.startMs > 0) : []
  }
  const endOf = (node: FlowNodeRun) =>
    RUNNING.includes(node.state) || node.endTimeMs <= 0 ? Math.max(nowMs, node.startTimeMs) : Math.max(node.endTimeMs, node.startTimeMs)
  const tryEnd = (tried: GanttAttempt) => (tried.endMs > 0 ? Math.max(tried.endMs, tried.startMs) : tried.startMs)
  if (started.length === 0)
    return { startMs: 0, endMs: 0, rows: nodes.map((node) => ({ key: node.key, state: node.state, bar: null, earlier: [] })), ticks: [] }
  const startMs = Math.min(...started.map((node) => node.startTimeMs), ...started.flatMap((node) => triesOf(node).map((tried) => tried.startMs)))
  // A run of instant nodes still gets a one-second axis.
  const endMs = Math.max(startMs + 1000, ...started.map(endOf))
  const span = endMs - startMs
  const pct = (ms: number) => ((ms - startMs) / span) * 100
  const place = (key: string, state: FlowNodeState, from: number, to: number, growing: boolean, attempt: number | null): GanttBar => {
    const width = Math.min(100, Math.max(GANTT_MIN_BAR_PCT, pct(to) - pct(from)))
    const leftPct = Math.min(pct(from), 100 - width)
    return { key, state, startMs: from, endMs: to, growing, leftPct, widthPct: width, attempt }
  }
  const rows = nodes.map((node): GanttRow => {
    if (node.startTimeMs <= 0) return { key: node.key, state: node.state, bar: null, earlier: [] }
    const tries = triesOf(node)
    const earlier = tries.slice(0, -1).map((tried, i) => place(node.key, 'failed', tried.startMs, tryEnd(tried), false, i + 1))
    // The last try's bar starts where that try did: the node's own start is its first try's.
    const lastStart = tries.length > 0 ? Math.max(node.startTimeMs, tries[tries.length - 1].startMs) : node.startTimeMs
    const bar = place(node.key, node.state, lastStart, Math.max(lastStart, endOf(node)), RUNNING.includes(node.state), tries.length > 0 ? tries.length : null)
    return { key: node.key, state: node.state, bar, earlier }
  })
  const step = tickStep(span, maxTicks)
  const ticks: GanttTick[] = []
  for (let offset = 0; offset <= span; offset += step) ticks.push({ atMs: startMs + offset, offsetMs: offset, pct: pct(startMs + offset) })
  return { startMs, endMs, rows, ticks }
}
