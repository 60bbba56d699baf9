import { ALARM_AFTER_FAILURES_MAX, ALARM_QUIET_SEC_MAX } from '../alarm-policy'
import { z } from './z'

/**
 * A job's and a flow's alarm policy fields (src/shared/alarm-policy.ts), one definition for both
 * schemas: null (or absent) follows the server's default in Settings.
 */
export const alarmPolicyFields = {
  alarmAfterFailures: z.int().min(1).max(ALARM_AFTER_FAILURES_MAX).nullable().default(null),
  alarmQuietSec: z.int().min(0).max(ALARM_QUIET_SEC_MAX).nullable().default(null),
}

/** The same fields under a definition file's `alarm:` (absent: the server's default). */
export const alarmPolicyDocFields = {
  afterFailures: z.int().min(1).max(ALARM_AFTER_FAILURES_MAX).optional().describe('alarm only after this many failures in a row'),
  quietSec: z.int().min(0).max(ALARM_QUIET_SEC_MAX).optional().describe('fold an alarm within this many seconds of the last one sent'),
}
