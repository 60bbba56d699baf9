import type { TriggerParam } from '../executor-api'
import { CHANGE_GLUE_REASON, CHANGE_HANDLER_REASON, COVER_EARLY_REASON, DISCARD_LATER_MSG, repeatTriggerMsg } from '../executor-texts'
import { isScriptGlueType } from '../glue'

/** What the host can see of a job lane when deciding about a new trigger. */
export interface LaneView {
  /** What the lane's runs execute: the BEAN handler name, or the script glue type and version. */
  identity: string
  runningLogId: number | null
  queuedCount: number
  hasQueued(logId: number): boolean
}

export type TriggerPlan =
  | { action: 'reject'; msg: string }
  /** Append to the lane (creating it when absent); it starts at once when the lane is free. */
  | { action: 'enqueue' }
  /** End the lane's running and queued runs with `reason`, then start a fresh lane with this run. */
  | { action: 'replace'; reason: string }

const ENQUEUE: TriggerPlan = { action: 'enqueue' }

/** The lane identity a trigger needs; a change replaces the lane (docs/protocol.md#executor-rules, rule 2). */
export function laneIdentity(param: Pick<TriggerParam, 'glueType' | 'executorHandler' | 'glueUpdatetime'>): string {
  if (isScriptGlueType(param.glueType)) return `${param.glueType}@${param.glueUpdatetime}`
  return `BEAN:${param.executorHandler}`
}

/**
 * XXL-JOB's ExecutorBizImpl decision, made pure. Differences on purpose: the logId de-dup is checked
 * first, so a re-sent trigger never covers (kills) its own run; and de-dup also covers the running run.
 */
export function planTrigger(lane: LaneView | undefined, param: TriggerParam, identity: string): TriggerPlan {
  if (lane && (lane.runningLogId === param.logId || lane.hasQueued(param.logId))) {
    return { action: 'reject', msg: repeatTriggerMsg(param.logId) }
  }
  if (!lane) return ENQUEUE
  if (lane.identity !== identity) {
    return { action: 'replace', reason: identity.startsWith('BEAN:') ? CHANGE_HANDLER_REASON : CHANGE_GLUE_REASON }
  }
  const busy = lane.runningLogId !== null || lane.queuedCount > 0
  if (!busy) return ENQUEUE
  switch (param.executorBlockStrategy) {
    case 'DISCARD_LATER':
      return { action: 'reject', msg: DISCARD_LATER_MSG }
    case 'COVER_EARLY':
      return { action: 'replace', reason: COVER_EARLY_REASON }
    default:
      // SERIAL_EXECUTION, and XXL-JOB's fallback for unknown values.
      return ENQUEUE
  }
}
