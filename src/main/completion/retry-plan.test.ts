import { describe, expect, it } from 'vitest'
import type { TriggerTrail } from '../../shared/trigger-trail'
import { decideFailure, retryAddresses, retryDelayMs, retryJitterMs } from './retry-plan'

const job = (overrides = {}) => ({
  executorFailRetryCount: 3,
  retryBackoff: 'NONE' as const,
  retryIntervalSec: 0,
  retryMaxIntervalSec: 0,
  alarmOnEveryFailure: false,
  ...overrides,
})

describe('retryDelayMs', () => {
  it('retries at once without backoff, as XXL-JOB does', () => {
    expect(retryDelayMs(job(), 0)).toBe(0)
    expect(retryDelayMs(job(), 5)).toBe(0)
  })

  it('waits the same interval every time with FIXED', () => {
    const fixed = job({ retryBackoff: 'FIXED', retryIntervalSec: 7 })
    expect([0, 1, 2].map((a) => retryDelayMs(fixed, a))).toEqual([7000, 7000, 7000])
  })

  it('doubles per attempt with EXPONENTIAL, up to the cap', () => {
    const exp = job({ retryBackoff: 'EXPONENTIAL', retryIntervalSec: 2, retryMaxIntervalSec: 10 })
    expect([0, 1, 2, 3].map((a) => retryDelayMs(exp, a))).toEqual([2000, 4000, 8000, 10_000])
    const uncapped = job({ retryBackoff: 'EXPONENTIAL', retryIntervalSec: 1 })
    expect(retryDelayMs(uncapped, 10)).toBe(1_024_000)
  })
})

const failed = { id: 41, executorFailRetryCount: 2, triggerTimeMs: 1_000, handleTimeMs: 5_000 }

describe('decideFailure', () => {
  it('retries a run with retries left, one fewer, counting the attempt from the job total', () => {
    const decision = decideFailure(failed, job({ retryBackoff: 'FIXED', retryIntervalSec: 3 }))
    expect(decision).toEqual({ kind: 'retry', dueAtMs: 8_000, attempt: 1, failRetryCount: 1, alarm: false })
  })

  it('measures the wait from the trigger time when the run never ran (trigger failed)', () => {
    const decision = decideFailure({ ...failed, handleTimeMs: 0 }, job({ retryBackoff: 'FIXED', retryIntervalSec: 3 }))
    expect(decision).toMatchObject({ dueAtMs: 4_000 })
  })

  it('alarms on the final failure by default, and on every failure when asked', () => {
    expect(decideFailure({ ...failed, executorFailRetryCount: 0 }, job())).toEqual({ kind: 'final', alarm: true })
    expect(decideFailure(failed, job())).toMatchObject({ kind: 'retry', alarm: false })
    expect(decideFailure(failed, job({ alarmOnEveryFailure: true }))).toMatchObject({ kind: 'retry', alarm: true })
  })

  it('neither retries nor alarms for a job that no longer exists', () => {
    expect(decideFailure(failed, undefined)).toEqual({ kind: 'final', alarm: false })
  })
})

describe('retry jitter', () => {
  it('adds up to the ratio of the wait, never subtracts, and none without backoff', () => {
    const jitters = Array.from({ length: 1000 }, (_, i) => retryJitterMs(60_000, i + 1, 0.1))
    expect(Math.min(...jitters)).toBeGreaterThanOrEqual(0)
    expect(Math.max(...jitters)).toBeLessThan(6_000)
    // Spread over the whole window, not bunched: each tenth of it holds some of 1000 runs.
    const tenths = new Set(jitters.map((j) => Math.floor(j / 600)))
    expect(tenths.size).toBe(10)
    expect(retryJitterMs(0, 7, 0.1)).toBe(0)
    expect(retryJitterMs(60_000, 7, 0)).toBe(0)
  })

  it("is the same for the same run (two admins plan one due time), and moves decideFailure's due time", () => {
    expect(retryJitterMs(10_000, 12345, 0.2)).toBe(retryJitterMs(10_000, 12345, 0.2))
    const fixed = job({ retryBackoff: 'FIXED', retryIntervalSec: 3 })
    const plain = decideFailure(failed, fixed)
    const jittered = decideFailure(failed, fixed, 0.5)
    if (plain.kind !== 'retry' || jittered.kind !== 'retry') throw new Error('expected retries')
    expect(jittered.dueAtMs - plain.dueAtMs).toBe(retryJitterMs(3000, failed.id, 0.5))
  })
})

describe('retryAddresses', () => {
  const A = 'http://127.0.0.1:9001/'
  const B = 'http://127.0.0.1:9002/'
  const trail = (registration: 'auto' | 'override', candidates: string[]) =>
    ({ group: { id: 1, appName: 'app', registration }, route: { candidates } }) as unknown as TriggerTrail

  it("routes a plain run's retry over its group again", () => {
    expect(retryAddresses({ executorAddress: A, triggerTrail: trail('auto', [A, B]) })).toBeUndefined()
    expect(retryAddresses({ executorAddress: A, triggerTrail: null })).toBeUndefined()
  })

  it('sends an override run’s retry to the address it ran on, never to the group’s route', () => {
    expect(retryAddresses({ executorAddress: B, triggerTrail: trail('override', [A, B]) })).toEqual([B])
  })

  it('keeps the override list for a run that reached none of it', () => {
    expect(retryAddresses({ executorAddress: '', triggerTrail: trail('override', [A]) })).toEqual([A])
  })
})
