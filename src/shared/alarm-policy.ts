/**
 * The alarm policy (docs/alarms-policy.md): whether an alarm of one kind for one job or flow is sent,
 * held, folded or suppressed, and when a success sends a "recovered" notice. Pure: the time is an
 * argument, the state is handed in and handed back, so the core can read and write it under a row
 * lock in one transaction (two nodes never both send) and the tables in alarm-policy.test.ts can
 * walk sequences of outcomes.
 *
 * Lives in src/shared because the console names the rule that decided a run's alarm (alarmRuleOf).
 */

/** What an alarm is about: a failed run, or a kind another part raises ('late', 'slow', …). */
export type AlarmKind = string

/** The failure alarm of a job's or a flow's runs (the fail monitor's, and a flow's failed notice). */
export const FAILURE_ALARM: AlarmKind = 'failure'

export interface AlarmPolicy {
  /** Alarm only once this many failures are in a row (1: at every failure, as XXL-JOB). */
  afterFailures: number
  /** A second alarm of the same kind within this many seconds of the last one sent is folded into it (0: never). */
  quietSec: number
}

/** The server's default: every failure alarms, nothing is folded (what JobDesk did before the policy). */
export const DEFAULT_ALARM_POLICY: AlarmPolicy = { afterFailures: 1, quietSec: 0 }

export const ALARM_AFTER_FAILURES_MAX = 1000
export const ALARM_QUIET_SEC_MAX = 7 * 86_400

/** Per (job or flow, kind): what the policy remembers between outcomes. */
export interface AlarmPolicyState {
  failuresInRow: number
  /** When the first failure of the row happened (0: no row). */
  firstFailureMs: number
  /** When an alarm of this kind was last sent (0: never). */
  lastSentMs: number
  /** Alarms folded since the last one sent; the next one sent says how many. */
  folded: number
  /** An alarm of the current row was sent: its end sends a "recovered" notice. */
  alarmed: boolean
}

export const NO_ALARM_STATE: AlarmPolicyState = { failuresInRow: 0, firstFailureMs: 0, lastSentMs: 0, folded: 0, alarmed: false }

/** A silence in force over the job or flow (the narrowest found decides nothing: any one mutes). */
export interface SilenceInForce {
  id: number
  reason: string
  untilMs: number
}

/**
 * The rule that decided one alarm, kept with the run (job_log.alarm_rule) so the console can say
 * why: `sent` (with the count folded into it), `held` (fewer failures in a row than asked),
 * `folded` (within the quiet time of the last one sent), `suppressed` (a silence); on the run that
 * succeeded after an alarm, `recovered` (the notice told, or `suppressed` under a silence).
 */
export type AlarmRule =
  | { rule: 'sent'; failures: number; folded: number }
  | { rule: 'held'; failures: number; of: number }
  | { rule: 'folded'; quietSec: number }
  | { rule: 'suppressed'; silenceId: number; reason: string; untilMs: number }
  | { rule: 'recovered'; failures: number; downMs: number }

export interface AlarmDecision {
  state: AlarmPolicyState
  rule: AlarmRule
}

/** A failure (an alarm of `kind` raised now): counts it in the row and decides whether it is sent. */
export function decideAlarm(state: AlarmPolicyState, policy: AlarmPolicy, nowMs: number, silence: SilenceInForce | null): AlarmDecision {
  const failures = state.failuresInRow + 1
  const counted: AlarmPolicyState = { ...state, failuresInRow: failures, firstFailureMs: state.failuresInRow === 0 ? nowMs : state.firstFailureMs }
  // A silence mutes before any other rule: a muted alarm is neither sent nor folded, only recorded.
  if (silence && silence.untilMs > nowMs) {
    return { state: counted, rule: { rule: 'suppressed', silenceId: silence.id, reason: silence.reason, untilMs: silence.untilMs } }
  }
  const afterFailures = Math.max(1, policy.afterFailures)
  if (failures < afterFailures) return { state: counted, rule: { rule: 'held', failures, of: afterFailures } }
  const quietMs = Math.max(0, policy.quietSec) * 1000
  if (state.lastSentMs > 0 && nowMs - state.lastSentMs < quietMs) {
    return { state: { ...counted, folded: state.folded + 1 }, rule: { rule: 'folded', quietSec: policy.quietSec } }
  }
  return {
    state: { ...counted, lastSentMs: nowMs, folded: 0, alarmed: true },
    rule: { rule: 'sent', failures, folded: state.folded },
  }
}

/** What a success ends: the row of failures, and a recovery notice when the row had an alarm sent. */
export interface RecoveryDecision {
  state: AlarmPolicyState
  /** null: nothing to tell (no alarm was sent in the row). */
  recovery: { failures: number; downMs: number; suppressedBy: SilenceInForce | null } | null
}

/**
 * A success (for the failure kind: a run, or a retry, that succeeded) breaks the row. The quiet
 * time's last sent time stays: a job flapping inside its quiet time stays folded. What was folded
 * belongs to the row the recovery closes, so the count starts again.
 */
export function decideRecovery(state: AlarmPolicyState, nowMs: number, silence: SilenceInForce | null): RecoveryDecision {
  if (state.failuresInRow === 0 && !state.alarmed) return { state, recovery: null }
  const next: AlarmPolicyState = { ...state, failuresInRow: 0, firstFailureMs: 0, folded: 0, alarmed: false }
  if (!state.alarmed) return { state: next, recovery: null }
  const suppressedBy = silence && silence.untilMs > nowMs ? silence : null
  return { state: next, recovery: { failures: state.failuresInRow, downMs: Math.max(0, nowMs - state.firstFailureMs), suppressedBy } }
}

/** The policy a job or a flow follows: its own fields where set, else the server's defaults. */
export function policyOf(own: { alarmAfterFailures: number | null; alarmQuietSec: number | null }, defaults: AlarmPolicy): AlarmPolicy {
  return { afterFailures: own.alarmAfterFailures ?? defaults.afterFailures, quietSec: own.alarmQuietSec ?? defaults.quietSec }
}

/** job_log.alarm_rule: the rule as stored ('' for runs decided before the policy or with no alarm). */
export function formatAlarmRule(rule: AlarmRule): string {
  const text = JSON.stringify(rule)
  // The column holds 500 characters: a long silence reason is cut, the rest of the rule kept.
  if (text.length <= 500 || rule.rule !== 'suppressed') return text
  return JSON.stringify({ ...rule, reason: rule.reason.slice(0, 300) })
}

/** The stored rule read back; null for '' or anything not written by formatAlarmRule. */
export function parseAlarmRule(text: string): AlarmRule | null {
  if (!text) return null
  try {
    const value = JSON.parse(text) as Partial<AlarmRule> & Record<string, unknown>
    switch (value.rule) {
      case 'sent':
      case 'held':
      case 'folded':
      case 'suppressed':
      case 'recovered':
        return value as AlarmRule
      default:
        return null
    }
  } catch {
    return null
  }
}

/** A span as a person reads it (the recovery notice's "down for", in mails, chats and the console): `3 h 5 min`, `2 min 5 s`, `40 s` (two units at most, seconds rounded down). */
export function formatDownTime(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 1000))
  const units: [number, string][] = [
    [Math.floor(total / 86_400), 'd'],
    [Math.floor((total % 86_400) / 3600), 'h'],
    [Math.floor((total % 3600) / 60), 'min'],
    [total % 60, 's'],
  ]
  const first = units.findIndex(([n]) => n > 0)
  if (first < 0) return '0 s'
  return units
    .slice(first, first + 2)
    .filter(([n]) => n > 0)
    .map(([n, unit]) => `${n} ${unit}`)
    .join(' ')
}
