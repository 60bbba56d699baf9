import { describe, expect, it } from 'vitest'
import {
  decideAlarm,
  decideRecovery,
  formatAlarmRule,
  NO_ALARM_STATE,
  parseAlarmRule,
  policyOf,
  type AlarmPolicy,
  type AlarmPolicyState,
  type SilenceInForce,
} from './alarm-policy'

/** One outcome at a second: F a failure, S a success; `silence` in force while it lasts. */
type Step = [atSec: number, outcome: 'F' | 'S']

/** Walks the steps and says, per step, what the policy did: the rule of a failure, 'recovered …' or '-' for a success. */
function walk(policy: AlarmPolicy, steps: Step[], silence: SilenceInForce | null = null): string[] {
  let state: AlarmPolicyState = NO_ALARM_STATE
  return steps.map(([atSec, outcome]) => {
    const nowMs = T0 + atSec * 1000
    if (outcome === 'F') {
      const decision = decideAlarm(state, policy, nowMs, silence)
      state = decision.state
      const { rule } = decision
      if (rule.rule === 'sent') return `sent ${rule.failures} (+${rule.folded} folded)`
      if (rule.rule === 'held') return `held ${rule.failures}/${rule.of}`
      if (rule.rule === 'folded') return `folded`
      if (rule.rule === 'suppressed') return `suppressed #${rule.silenceId}`
      throw new Error('a failure never recovers')
    }
    const decision = decideRecovery(state, nowMs, silence)
    state = decision.state
    const { recovery } = decision
    if (!recovery) return '-'
    return `recovered ${recovery.failures} down ${recovery.downMs / 1000}s${recovery.suppressedBy ? ' suppressed' : ''}`
  })
}

/** A time well past 0 (a last sent time of 0 means never). */
const T0 = 1_700_000_000_000

const seconds = (n: number, outcome: 'F' | 'S', from = 0): Step[] => Array.from({ length: n }, (_, i) => [from + i, outcome])

describe('the alarm policy over sequences of outcomes', () => {
  it.each<[string, AlarmPolicy, Step[], string[]]>([
    [
      'the default: every failure alarms, a success after one recovers',
      { afterFailures: 1, quietSec: 0 },
      [
        [0, 'F'],
        [1, 'F'],
        [2, 'S'],
      ],
      ['sent 1 (+0 folded)', 'sent 2 (+0 folded)', 'recovered 2 down 2s'],
    ],
    [
      'a success with no failure before tells nothing',
      { afterFailures: 1, quietSec: 0 },
      [
        [0, 'S'],
        [1, 'S'],
      ],
      ['-', '-'],
    ],
    [
      'N in a row: held until the third',
      { afterFailures: 3, quietSec: 0 },
      seconds(4, 'F'),
      ['held 1/3', 'held 2/3', 'sent 3 (+0 folded)', 'sent 4 (+0 folded)'],
    ],
    [
      'a success breaks the row before N: nothing sent, no recovery',
      { afterFailures: 3, quietSec: 0 },
      [
        [0, 'F'],
        [1, 'F'],
        [2, 'S'],
        [3, 'F'],
        [4, 'F'],
      ],
      ['held 1/3', 'held 2/3', '-', 'held 1/3', 'held 2/3'],
    ],
    [
      'folded within the quiet time, the count carried to the next one sent',
      { afterFailures: 1, quietSec: 60 },
      [
        [0, 'F'],
        [10, 'F'],
        [20, 'F'],
        [60, 'F'],
      ],
      ['sent 1 (+0 folded)', 'folded', 'folded', 'sent 4 (+2 folded)'],
    ],
    [
      'the issue: 10 failures a second apart with N 3 and quiet 60 → one alarm, then one recovery',
      { afterFailures: 3, quietSec: 60 },
      [...seconds(10, 'F'), [10, 'S']],
      ['held 1/3', 'held 2/3', 'sent 3 (+0 folded)', 'folded', 'folded', 'folded', 'folded', 'folded', 'folded', 'folded', 'recovered 10 down 10s'],
    ],
    [
      'a recovery forgets what was folded; the quiet time still holds after it',
      { afterFailures: 1, quietSec: 60 },
      [
        [0, 'F'],
        [5, 'F'],
        [6, 'S'],
        [7, 'F'],
        [61, 'F'],
      ],
      ['sent 1 (+0 folded)', 'folded', 'recovered 2 down 6s', 'folded', 'sent 2 (+1 folded)'],
    ],
  ])('%s', (_name, policy, steps, expected) => {
    expect(walk(policy, steps)).toEqual(expected)
  })

  it('a silence suppresses every alarm and the recovery, and the row is still counted', () => {
    const silence = { id: 7, reason: 'db upgrade', untilMs: T0 + 100_000 }
    expect(walk({ afterFailures: 1, quietSec: 0 }, [...seconds(3, 'F'), [3, 'S']], silence)).toEqual(['suppressed #7', 'suppressed #7', 'suppressed #7', '-'])
  })

  it('a silence past its end mutes nothing', () => {
    const ended = { id: 7, reason: 'db upgrade', untilMs: T0 + 1000 }
    expect(
      walk(
        { afterFailures: 1, quietSec: 0 },
        [
          [1, 'F'],
          [2, 'S'],
        ],
        ended,
      ),
    ).toEqual(['sent 1 (+0 folded)', 'recovered 1 down 1s'])
  })

  it('an alarm sent before a silence recovers under it as suppressed', () => {
    const silence = { id: 2, reason: 'r', untilMs: T0 + 9000 }
    const sent = decideAlarm(NO_ALARM_STATE, { afterFailures: 1, quietSec: 0 }, T0, null).state
    const decision = decideRecovery(sent, T0 + 5000, silence)
    expect(decision.recovery).toEqual({ failures: 1, downMs: 5000, suppressedBy: silence })
    expect(decision.state).toEqual({ ...NO_ALARM_STATE, lastSentMs: T0 })
  })

  it('afterFailures below 1 is taken as 1, a negative quiet time as none', () => {
    expect(
      walk({ afterFailures: 0, quietSec: -5 }, [
        [0, 'F'],
        [0, 'F'],
      ]),
    ).toEqual(['sent 1 (+0 folded)', 'sent 2 (+0 folded)'])
  })

  it("a job's own fields win over the server's defaults, null falls back", () => {
    const defaults = { afterFailures: 2, quietSec: 30 }
    expect(policyOf({ alarmAfterFailures: null, alarmQuietSec: null }, defaults)).toEqual(defaults)
    expect(policyOf({ alarmAfterFailures: 5, alarmQuietSec: 0 }, defaults)).toEqual({ afterFailures: 5, quietSec: 0 })
  })

  it('a rule is stored and read back; anything else reads as none', () => {
    const rule = { rule: 'suppressed', silenceId: 1, reason: 'x'.repeat(900), untilMs: 5 } as const
    const stored = formatAlarmRule(rule)
    expect(stored.length).toBeLessThanOrEqual(500)
    expect(parseAlarmRule(stored)).toMatchObject({ rule: 'suppressed', silenceId: 1, untilMs: 5 })
    expect(parseAlarmRule(formatAlarmRule({ rule: 'held', failures: 2, of: 3 }))).toEqual({ rule: 'held', failures: 2, of: 3 })
    expect(parseAlarmRule('')).toBeNull()
    expect(parseAlarmRule('{"rule":"other"}')).toBeNull()
    expect(parseAlarmRule('not json')).toBeNull()
  })
})
