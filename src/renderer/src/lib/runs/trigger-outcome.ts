import type { RunTriggerOutcome } from '../../../../shared/api'
import { handleReason, lastTriggerLine } from '../../../../shared/failure-reason'
import { englishMessage } from '../../../../shared/messages'
import type { JobRun } from '../../../../shared/model'
import { translate, type Language } from '../../i18n/dictionary'
import { messageText } from '../../i18n/server-text'

/**
 * What the trigger dialog says about one run: the core's answer, or — while that was pending —
 * what the run's row says now (pushed as it changes), so a slow executor's answer still shows.
 * A trail the answer or the row lacks (an older core, a run written before trails) is null, never absent.
 */
export function shownOutcome(outcome: RunTriggerOutcome, run: JobRun | undefined): RunTriggerOutcome {
  const { logId, state, executorAddress, triggerMsg, triggerTrail } = outcome
  if (state === 'pending' && run && run.triggerCode !== 0) {
    return {
      logId,
      state: run.triggerCode === 200 ? 'accepted' : 'refused',
      executorAddress: run.executorAddress,
      triggerMsg: run.triggerMsg,
      triggerTrail: run.triggerTrail ?? null,
    }
  }
  return { logId, state, executorAddress, triggerMsg, triggerTrail: triggerTrail ?? null }
}

/**
 * How the trigger ended, in one line of `language`: the trail's result (why it was refused, or how
 * it was accepted), else — a run written before trails — the text's last line.
 */
export function triggerResultText(language: Language, shown: Pick<RunTriggerOutcome, 'triggerMsg' | 'triggerTrail'>): string {
  const result = shown.triggerTrail?.result
  if (!result) return lastTriggerLine(shown.triggerMsg)
  const text = messageText(language, result, englishMessage(result.code, result.params))
  // A trigger that never routed says it all in its result (a full pool, an unexpected failure).
  return shown.triggerTrail?.route ? `${translate(language, 'trail.result')}${language === 'zh-CN' ? '：' : ': '}${text}` : text
}

/** Why a failed run failed, in one line: what its handler or executor said, else how its trigger ended (in `language`). */
export function runFailureText(language: Language, run: Pick<JobRun, 'handleMsg' | 'triggerMsg' | 'triggerTrail'>): string {
  const handled = handleReason(run.handleMsg)
  return handled || triggerResultText(language, { triggerMsg: run.triggerMsg, triggerTrail: run.triggerTrail ?? null })
}

/** The core answered with run ids only (no outcomes): each is pending until its row says more. */
export function pendingOutcomes(logIds: readonly number[]): RunTriggerOutcome[] {
  return logIds.map((logId) => ({ logId, state: 'pending', executorAddress: '', triggerMsg: '', triggerTrail: null }))
}
