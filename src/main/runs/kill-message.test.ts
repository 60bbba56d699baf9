import { describe, expect, it } from 'vitest'
import { isKillMessage } from '../../shared/run-kill'
import { killMessage } from './run-control'

describe('the message a killed run ends with', () => {
  it.each([
    ['olga', true, 'Success', 'Killed by olga'],
    ['olga', false, null, 'Killed by olga, without retry'],
    [null, true, 'job thread already killed.', 'Killed (executor: job thread already killed.)'],
    ["maintenance window 'nightly'", true, '', "Killed by maintenance window 'nightly'"],
  ] as const)('by %s, retry %s, executor said %s: %s', (by, retry, said, expected) => {
    const message = killMessage(by, retry, said)
    expect(message).toBe(expected)
    // Still found by the markers the console's badges and the dashboard count kills with.
    expect(isKillMessage(message)).toBe(true)
  })
})
