/**
 * The Runs page's layout the operator can change: the width of the runs list beside the run's
 * detail, and the width of each column of the list. Pure; the store keeps the numbers and
 * localStorage remembers them.
 */

/** The list's columns, in order: the ones an operator scans first come first. */
export const RUN_COLUMNS = ['id', 'job', 'status', 'triggered', 'duration', 'address', 'group', 'type'] as const
export type RunColumn = (typeof RUN_COLUMNS)[number]
export type RunColumnWidths = Record<RunColumn, number>

/** Wide enough for the demo jobs' full names and an IPv4 executor URL at 1440 px. */
export const DEFAULT_RUN_COLUMN_WIDTHS: RunColumnWidths = {
  id: 64,
  job: 240,
  status: 84,
  triggered: 140,
  duration: 72,
  address: 200,
  group: 150,
  type: 84,
}

export const MIN_COLUMN_PX = 44
export const MAX_COLUMN_PX = 900
/** Gap between two columns (the grid's column-gap, px). */
export const COLUMN_GAP_PX = 8

/** The widths after dragging `column`'s right edge by `deltaPx`, within MIN/MAX_COLUMN_PX. */
export function resizeColumn(widths: RunColumnWidths, column: RunColumn, deltaPx: number): RunColumnWidths {
  const next = Math.round(Math.min(MAX_COLUMN_PX, Math.max(MIN_COLUMN_PX, widths[column] + deltaPx)))
  return next === widths[column] ? widths : { ...widths, [column]: next }
}

/** CSS `grid-template-columns` for the widths, in column order. */
export function gridTemplate(widths: RunColumnWidths): string {
  return RUN_COLUMNS.map((column) => `${widths[column]}px`).join(' ')
}

/** The row width the columns need, padding of 2 × 8 px included. */
export function rowWidth(widths: RunColumnWidths): number {
  return RUN_COLUMNS.reduce((sum, column) => sum + widths[column], 0) + COLUMN_GAP_PX * (RUN_COLUMNS.length - 1) + 16
}

/** Stored widths, with the default for every column missing or out of range. */
export function readRunColumnWidths(raw: unknown): RunColumnWidths {
  const stored = raw && typeof raw === 'object' ? (raw as Record<string, unknown>) : {}
  const widths = { ...DEFAULT_RUN_COLUMN_WIDTHS }
  for (const column of RUN_COLUMNS) {
    const value = stored[column]
    if (typeof value === 'number' && Number.isFinite(value) && value >= MIN_COLUMN_PX && value <= MAX_COLUMN_PX) widths[column] = Math.round(value)
  }
  return widths
}

/** Least widths of the list and of the run's detail beside it (px). */
export const MIN_LIST_PX = 320
export const MIN_DETAIL_PX = 420

/**
 * The list's width for a wanted one in a page `totalPx` wide: each side keeps its least width;
 * when the page is too narrow for both, the two share it evenly.
 */
export function clampListWidth(wantedPx: number, totalPx: number): number {
  if (totalPx < MIN_LIST_PX + MIN_DETAIL_PX) return Math.round(totalPx / 2)
  return Math.round(Math.min(totalPx - MIN_DETAIL_PX, Math.max(MIN_LIST_PX, wantedPx)))
}

/** The list's share of the page until the operator drags the split. */
const DEFAULT_LIST_SHARE = 0.5

/** The columns an operator scans first: the list is never narrower than these by default. */
const KEY_COLUMNS: readonly RunColumn[] = ['id', 'job', 'status', 'triggered']
/** Room for a vertical scroll bar beside the rows (px). */
const SCROLLBAR_PX = 16

/**
 * The list's width until the operator drags the split: half the page, or — on a narrow page (a
 * 1280 px window) — enough to show the key columns whole; clampListWidth still keeps the detail's least width.
 */
export function defaultListWidth(totalPx: number, widths: RunColumnWidths): number {
  const keyPx = KEY_COLUMNS.reduce((sum, column) => sum + widths[column], 0) + COLUMN_GAP_PX * (KEY_COLUMNS.length - 1) + 16 + SCROLLBAR_PX
  return Math.max(totalPx * DEFAULT_LIST_SHARE, keyPx)
}
