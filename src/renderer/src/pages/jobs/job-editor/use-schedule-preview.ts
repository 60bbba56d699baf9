import { useEffect, useState } from 'react'
import { ValidationError } from '../../../../../shared/errors'
import type { JobInput } from '../../../../../shared/model'
import { previewSchedule } from '../../../services/jobs'
import { useErrorText } from '../../../i18n/use-t'

/** Wait this long after the last keystroke before asking the core (ms). */
export const PREVIEW_DEBOUNCE_MS = 200
export const PREVIEW_COUNT = 5

export type PreviewState =
  | { kind: 'none' }
  | { kind: 'checking' }
  | { kind: 'ok'; timesMs: number[] }
  | { kind: 'invalid'; field: string; message: string }
  | { kind: 'failed'; message: string }

/** What the core answered; the error is rendered in the UI language when shown (a language switch re-renders it). */
type Answer = Exclude<PreviewState, { kind: 'invalid' | 'failed' }> | { kind: 'invalid'; error: ValidationError } | { kind: 'failed'; error: unknown }

/**
 * Live validation of a schedule: the core's `previewSchedule` (the same rules as save) answers with
 * the next fire times or the problem, debounced while the operator types.
 */
export function useSchedulePreview(
  schedule: Pick<JobInput, 'scheduleType' | 'scheduleConf' | 'timezone' | 'calendar' | 'calendarRule' | 'calendarRoll'>,
): PreviewState {
  const { scheduleType, scheduleConf, timezone, calendar, calendarRule, calendarRoll } = schedule
  const errorText = useErrorText()
  const [state, setState] = useState<Answer>({ kind: 'none' })

  useEffect(() => {
    if (scheduleType === 'NONE') {
      setState({ kind: 'none' })
      return
    }
    let current = true
    setState({ kind: 'checking' })
    const timer = setTimeout(() => {
      // A one-shot query: nothing is saved, and only this editor shows the answer.
      previewSchedule({ scheduleType, scheduleConf, timezone, calendar, calendarRule, calendarRoll, count: PREVIEW_COUNT }).then(
        (preview) => {
          if (!current) return
          if (preview.ok) return setState({ kind: 'ok', timesMs: preview.timesMs })
          setState({ kind: 'invalid', error: new ValidationError(preview.field, preview.message, { code: preview.code, params: preview.params }) })
        },
        (error: unknown) => {
          if (current) setState({ kind: 'failed', error })
        },
      )
    }, PREVIEW_DEBOUNCE_MS)
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [scheduleType, scheduleConf, timezone, calendar, calendarRule, calendarRoll])

  if (state.kind === 'invalid') return { kind: 'invalid', field: state.error.field, message: errorText(state.error) }
  if (state.kind === 'failed') return { kind: 'failed', message: errorText(state.error) }
  return state
}
