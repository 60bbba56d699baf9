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

/**
 * What `addSilence` takes: exactly one of a job, a group or a flow, until when (epoch ms or ISO
 * 8601) and why; schema/silence.ts checks it.
 */
export interface SilenceRequest {
  jobId?: number
  groupId?: number
  flowId?: number
  until: number | string
  reason: string
}

/** The alarm silences' part of JobDeskApi (./api.ts). */
export interface SilencesApi {
  /**
   * Mutes one job's, one group's jobs' or one flow's alarms until `until`, for a reason (an operator
   * of the group — of every group of a flow's jobs — or an admin): each alarm in the meantime is
   * recorded as suppressed, not sent (docs/alarms-policy.md). At most 90 days.
   */
  addSilence(request: SilenceRequest): Promise<AlarmSilence>
  /** The silences in force and those that ended in the last 7 days, newest first: the caller's view (the targets it sees). */
  listSilences(): Promise<AlarmSilence[]>
  /** Lifts a silence in force now (whoever may add it); the row stays as the record, with who lifted it. */
  removeSilence(request: { id: number }): Promise<AlarmSilence>
}
