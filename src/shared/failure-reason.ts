import { englishMessage } from './messages'
import type { TriggerTrail, TrailMessage } from './trigger-trail'

/** What a failed run's handler or executor said, on one line: XXL-JOB executors break lines with `<br>`; those become spaces. */
export function handleReason(handleMsg: string): string {
  return handleMsg.replace(/<br\s*\/?>/gi, ' ').trim()
}

/** The last line of a run's trigger text ("Trigger result: refused (code 500) …: job handler [x] not found"). */
export function lastTriggerLine(triggerMsg: string): string {
  const lines = triggerMsg
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
  return lines.length > 0 ? lines[lines.length - 1] : ''
}

/**
 * Why a failed run failed, in one English line for a notification, a mail or a log: its handle
 * message when there is one, else how its trigger ended, read from the trigger trail's result
 * (a coded message; a console renders the same code in its own language).
 */
export function failureReason(
  run: { handleMsg: string; triggerMsg: string; triggerTrail: TriggerTrail | null },
  render: (message: TrailMessage) => string = (message) => englishMessage(message.code, message.params),
): string {
  const handle = handleReason(run.handleMsg)
  if (handle) return handle
  if (run.triggerTrail) return render(run.triggerTrail.result)
  // Runs imported from XXL-JOB and rows written before trails existed have no trail: only their text says how the trigger ended.
  return lastTriggerLine(run.triggerMsg)
}
