import type { BackfillSummary } from '../../../../shared/backfill'

/**
 * The Backfill dialog's range: <input type="datetime-local"> values, which read in this computer's
 * zone, to and from the instants the API takes.
 */

const LOCAL_INPUT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/

/** `2026-03-01T08:00` as epoch ms in this computer's zone; null for anything else (an empty field). */
export function localInputMs(value: string): number | null {
  if (!LOCAL_INPUT.test(value)) return null
  const ms = new Date(value).getTime()
  return Number.isFinite(ms) ? ms : null
}

/** An instant as a datetime-local value, to the minute, in this computer's zone. */
export function localInputValue(ms: number): string {
  const d = new Date(ms)
  const two = (n: number) => String(n).padStart(2, '0')
  return `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}T${two(d.getHours())}:${two(d.getMinutes())}`
}

/** What the dialog opens with: yesterday, from its midnight to today's (the day most often missed). */
export function defaultRange(nowMs: number): { from: string; to: string } {
  const today = new Date(nowMs)
  today.setHours(0, 0, 0, 0)
  const yesterday = new Date(today)
  yesterday.setDate(today.getDate() - 1)
  return { from: localInputValue(yesterday.getTime()), to: localInputValue(today.getTime()) }
}

/** The share of its slots that ended (done, failed or cancelled), 0-100. */
export function endedPercent(backfill: Pick<BackfillSummary, 'total' | 'done' | 'failed' | 'cancelled'>): number {
  if (backfill.total === 0) return 100
  return Math.round(((backfill.done + backfill.failed + backfill.cancelled) / backfill.total) * 100)
}

/** Whether it may still change: running or paused, or runs of a cancelled one still going. */
export function stillMoving(backfill: Pick<BackfillSummary, 'state' | 'running'>): boolean {
  return backfill.state === 'running' || backfill.state === 'paused' || backfill.running > 0
}
