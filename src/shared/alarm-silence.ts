/** A silence's target: exactly one of a job, a group (its jobs) or a flow. */
export type SilenceTarget =
  { jobId: number; groupId?: never; flowId?: never } | { groupId: number; jobId?: never; flowId?: never } | { flowId: number; jobId?: never; groupId?: never }

/** A silence (addSilence): the target's alarms are recorded as suppressed, not sent, until `untilMs`. */
export interface AlarmSilence {
  id: number
  target: SilenceTarget
  untilMs: number
  reason: string
  createdBy: string
  createdAtMs: number
  /** Who lifted it before its end ('' when nobody did), and when (0). */
  removedBy: string
  removedAtMs: number
}

/** The longest reason a silence keeps (the column's width on MySQL). */
export const ALARM_SILENCE_REASON_MAX = 200

/** A silence lasts at most this long: a mute for longer is a job to disable, not to silence. */
export const ALARM_SILENCE_MAX_MS = 90 * 86_400_000

/** The silence is in force at `nowMs`. */
export function silenceInForceAt(silence: Pick<AlarmSilence, 'untilMs' | 'removedAtMs'>, nowMs: number): boolean {
  return silence.removedAtMs === 0 && silence.untilMs > nowMs
}
