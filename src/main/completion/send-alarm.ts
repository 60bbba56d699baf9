import type { JobRun } from '../../shared/model'
import type { AlarmDelivery } from '../../shared/alarm-list'
import type { AlarmFacts } from './alarms/alarm-types'

/* What sending a run's alarm means to the fail monitor and the alarm policy, apart from either. */

/** What became of a run's alarm: `message` says why it failed (src/shared/alarm-reason.ts), '' when sent. */
export interface AlarmResult {
  ok: boolean
  message: string
  /** Each channel's delivery, for the alarm list (absent: not known, e.g. the send threw). */
  deliveries?: AlarmDelivery[]
}

/** What the alarm policy adds to an alarm it sends (AlarmFacts' fields of the same names). */
export type AlarmPolicyNote = Pick<AlarmFacts, 'policy' | 'recovered'>

/** Sends the alarm for a failed run (or a recovery notice for a run that succeeded); `ok` when every channel delivered it. Never rejects. */
export type SendAlarm = (run: JobRun, policy?: AlarmPolicyNote) => Promise<AlarmResult>
