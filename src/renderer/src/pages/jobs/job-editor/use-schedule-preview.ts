import { useEffect, useState } from 'react'
import type { ScheduleType } from '../../../../../shared/model'
import { useJobDesk } from '../../../store'

/** Wait this long after the last keystroke before asking the core (ms). */
export const PREVIEW_DEBOUNCE_MS = 200
export const PREVIEW_COUNT = 5

export type PreviewState =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'ok'; timesMs: number[] }
  | { kind: 'invalid'; field: string; message: string }
  | { kind: 'failed'; message: string }

/**
 * Live validation of a schedule: the core's `previewSchedule` (the same rules as save) answers with
 * the next fire times or the problem, debounced while the operator types.
 */
export function useSchedulePreview(scheduleType: ScheduleType, scheduleConf: string, timezone: string): PreviewState {
  const previewSchedule = useJobDesk((s) => s.previewSchedule)
  const [state, setState] = useState<PreviewState>({ kind: 'none' })

  useEffect(() => {
    if (scheduleType === 'NONE') {
      setState({ kind: 'none' })
      return
    }
    let current = true
    setState({ kind: 'checking' })
    const timer = setTimeout(() => {
      previewSchedule({ scheduleType, scheduleConf, timezone, count: PREVIEW_COUNT }).then(
        (preview) => {
          if (!current) return
          setState(preview.ok ? { kind: 'ok', timesMs: preview.timesMs } : { kind: 'invalid', field: preview.field, message: preview.message })
        },
        (error: unknown) => {
          if (current) setState({ kind: 'failed', message: error instanceof Error ? error.message : String(error) })
        },
      )
    }, PREVIEW_DEBOUNCE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [scheduleType, scheduleConf, timezone, previewSchedule])

  return state
}
