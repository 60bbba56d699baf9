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
}

/** A row of the timeline: a node with its bar, or without one when it has not started. */
export interface GanttRow {
  key: string
  state: FlowNodeState
  bar: GanttBar | null
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

/** A bar this narrow (percent) is drawn at least this wide, so a one-second node stays visible and clickable. */
export const GANTT_MIN_BAR_PCT = 0.6

function tickStep(spanMs: number, maxTicks: number): number {
  return TICK_STEPS_MS.find((step) => spanMs / step <= maxTicks) ?? Math.ceil(spanMs / maxTicks / 86_400_000) * 86_400_000
}

const RUNNING: readonly FlowNodeState[] = ['running', 'waiting']

/**
 * The Gantt chart of a flow run: one row per node in the order given (the graph's), each with a bar
 * from its start to its end — to `nowMs` while it runs or waits — on one time axis from the first
 * start to the last end. Nodes that have not started keep their row without a bar. Ticks fall on
 * round offsets from the axis start. Pure: the same nodes and `nowMs` give the same chart.
 */
export function ganttLayout(nodes: readonly FlowNodeRun[], nowMs: number, maxTicks = 6): GanttLayout {
  const started = nodes.filter((node) => node.startTimeMs > 0)
  const endOf = (node: FlowNodeRun) =>
    RUNNING.includes(node.state) || node.endTimeMs <= 0 ? Math.max(nowMs, node.startTimeMs) : Math.max(node.endTimeMs, node.startTimeMs)
  if (started.length === 0) return { startMs: 0, endMs: 0, rows: nodes.map((node) => ({ key: node.key, state: node.state, bar: null })), ticks: [] }
  const startMs = Math.min(...started.map((node) => node.startTimeMs))
  // A run of instant nodes still gets a one-second axis.
  const endMs = Math.max(startMs + 1000, ...started.map(endOf))
  const span = endMs - startMs
  const pct = (ms: number) => ((ms - startMs) / span) * 100
  const rows = nodes.map((node): GanttRow => {
    if (node.startTimeMs <= 0) return { key: node.key, state: node.state, bar: null }
    const end = endOf(node)
    const leftPct = pct(node.startTimeMs)
    const widthPct = Math.min(100 - leftPct, Math.max(GANTT_MIN_BAR_PCT, pct(end) - leftPct))
    const growing = RUNNING.includes(node.state)
    return { key: node.key, state: node.state, bar: { key: node.key, state: node.state, startMs: node.startTimeMs, endMs: end, growing, leftPct, widthPct } }
  })
  const step = tickStep(span, maxTicks)
  const ticks: GanttTick[] = []
  for (let offset = 0; offset <= span; offset += step) ticks.push({ atMs: startMs + offset, offsetMs: offset, pct: pct(startMs + offset) })
  return { startMs, endMs, rows, ticks }
}
