/**
 * Why a failed run failed, in one line for a toast, a notification or a list: its handle message
 * (what the handler or executor said), else the last line of its trigger trail ("Trigger result:
 * refused (code 500) …: job handler [x] not found") when the trigger itself failed. XXL-JOB
 * executors break lines with `<br>`; those become spaces.
 */
export function failureReason(run: { handleMsg: string; triggerMsg: string }): string {
  const handle = run.handleMsg.replace(/<br\s*\/?>/gi, ' ').trim()
  if (handle) return handle
  const lines = run.triggerMsg.split('\n').map((line) => line.trim()).filter(Boolean)
  return lines.length > 0 ? lines[lines.length - 1] : ''
}
