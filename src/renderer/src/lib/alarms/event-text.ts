import type { JobDeskEvent } from '../../../../shared/api'
import type { JobRun } from '../../../../shared/model'
import { translate, type Language } from '../../i18n/dictionary'
import { formatDuration } from '../format/format-duration'
import { runFailureText } from '../runs/trigger-outcome'

type AlarmEvent = Extract<JobDeskEvent, { type: 'alarm' }>
type FlowNotice = Extract<JobDeskEvent, { type: 'flow-notice' }>

/**
 * The body of a failed run's toast in `language`: the run's row, when the console holds it, says
 * why in the console's words (a refused trigger's coded result); else the core's English line. An
 * executor's own handle message stays as it wrote it, in either case.
 */
export function alarmText(language: Language, event: AlarmEvent, run: JobRun | undefined): string {
  if (run) return runFailureText(language, run)
  return event.reason || event.handleMsg
}

/**
 * The body of a flow notice in `language`. The core sends data, not sentences: the failed nodes'
 * keys, the time limit as "3600 s", an approval's prompt (the operator's own words).
 */
export function flowNoticeText(language: Language, notice: Pick<FlowNotice, 'kind' | 'detail'>): string {
  switch (notice.kind) {
    case 'failed':
      return notice.detail ? translate(language, 'event.flow.failedNodes', { nodes: notice.detail }) : ''
    case 'timeout': {
      const seconds = /^(\d+) s$/.exec(notice.detail)?.[1]
      return seconds === undefined ? notice.detail : translate(language, 'event.flow.timeLimit', { time: formatDuration(Number(seconds) * 1000, language) })
    }
    case 'approval':
      return notice.detail
    case 'recovered': {
      // "<failures> <time down>", as the core's flow-notice-message.ts writes it.
      const [, failures, down] = /^(\d+) (.+)$/.exec(notice.detail) ?? []
      return failures === undefined ? notice.detail : translate(language, 'event.flow.recoveredAfter', { failures: Number(failures), down })
    }
  }
}
