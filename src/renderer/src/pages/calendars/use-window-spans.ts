import { useEffect, useState } from 'react'
import type { WindowView } from '../../../../shared/calendar/maintenance-window'
import { previewSchedule } from '../../services/jobs'

/** A recurring window's span that is open now or opens next; null when its cron opens it no more. */
export interface NextSpan {
  startMs: number
  endMs: number
  open: boolean
}

/**
 * The next span of each recurring window, by id, as the server's cron reads it (the preview the job
 * editor uses, so a Quartz cron means here what it means to the scheduler). Asked from `nowMs` less
 * the window's length: a span that opened before now and is still open is the one shown.
 */
export function useWindowSpans(windows: readonly WindowView[], nowMs: number): ReadonlyMap<number, NextSpan | null> {
  const [spans, setSpans] = useState<ReadonlyMap<number, NextSpan | null>>(new Map())
  useEffect(() => {
    let current = true
    const recurring = windows.flatMap((w) => (w.timing.kind === 'recurring' ? [{ window: w, timing: w.timing }] : []))
    void Promise.all(
      recurring.map(async ({ window, timing }) => {
        const durationMs = timing.durationSec * 1000
        const preview = await previewSchedule({
          scheduleType: 'CRON',
          scheduleConf: timing.cron,
          timezone: window.timezone,
          count: 1,
          fromMs: Math.max(0, nowMs - durationMs),
        }).catch(() => null)
        const startMs = preview?.ok ? preview.timesMs[0] : undefined
        const span = startMs === undefined ? null : { startMs, endMs: startMs + durationMs, open: startMs <= nowMs }
        return [window.id, span] as const
      }),
    ).then((entries) => current && setSpans(new Map(entries)))
    return () => {
      current = false
    }
  }, [windows, nowMs])
  return spans
}
