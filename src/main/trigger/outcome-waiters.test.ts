import { describe, expect, it } from 'vitest'
import { ManualClock } from '../kernel/clock'
import { OutcomeWaiters } from './outcome-waiters'

const outcome = (logId: number, triggerCode: number) => ({ logId, executorAddress: 'http://127.0.0.1:9999/', triggerCode, triggerMsg: `run ${logId}` })

describe('OutcomeWaiters', () => {
  it('resolves with every outcome, in the order asked, once the last one is noted', async () => {
    const waiters = new OutcomeWaiters(new ManualClock(0))
    const waiting = waiters.wait([7, 8], 10_000)
    waiters.note(outcome(8, 500))
    waiters.note(outcome(7, 200))
    expect(await waiting).toEqual([outcome(7, 200), outcome(8, 500)])
  })

  it('gives null for the outcomes that did not arrive when the time is up', async () => {
    const clock = new ManualClock(0)
    const waiters = new OutcomeWaiters(clock)
    const waiting = waiters.wait([1, 2], 10_000)
    waiters.note(outcome(1, 200))
    await clock.advance(10_000)
    expect(await waiting).toEqual([outcome(1, 200), null])
  })

  it('ignores outcomes nobody waits for, and forgets a wait once it is over', async () => {
    const waiters = new OutcomeWaiters(new ManualClock(0))
    waiters.note(outcome(3, 200))
    const waiting = waiters.wait([3], 10_000)
    waiters.note(outcome(3, 500))
    expect(await waiting).toEqual([outcome(3, 500)])
    // A later outcome for the same id (there is none in practice) changes nothing and throws nothing.
    waiters.note(outcome(3, 200))
  })
})
