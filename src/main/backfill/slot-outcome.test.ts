import { describe, expect, it } from 'vitest'
import { ALARM_STATUS } from '../../shared/model'
import type { SlotAttempt } from '../domain/backfills'
import { chainEnd, flowSlotEnd, jobSlotEnd, retryIndex, succeededSlots } from './slot-outcome'

const SLOT = 1_772_323_200_000

function attempt(id: number, over: Partial<SlotAttempt> = {}): SlotAttempt {
  return {
    id,
    scheduleTimeMs: SLOT,
    backfillId: 0,
    parentLogId: null,
    triggerCode: 200,
    handleCode: 200,
    failRetryCount: 0,
    alarmStatus: ALARM_STATUS.todo,
    ...over,
  }
}
const failed = (id: number, over: Partial<SlotAttempt> = {}) => attempt(id, { handleCode: 500, ...over })
const retry = (id: number, of: number, over: Partial<SlotAttempt> = {}) => attempt(id, { scheduleTimeMs: null, parentLogId: of, ...over })
const none = () => undefined

describe('chainEnd: a run with its retries', () => {
  it.each([
    ['succeeded', attempt(1), 'done'],
    ['written, not triggered yet', attempt(1, { triggerCode: 0, handleCode: 0 }), 'running'],
    ['triggered, not ended', attempt(1, { handleCode: 0 }), 'running'],
    ['refused at its trigger, no retry left', attempt(1, { triggerCode: 500, handleCode: 0 }), 'failed'],
    ['failed with retries left, not decided yet', failed(1, { failRetryCount: 2 }), 'running'],
    ['failed with retries left, taken by the monitor (locked)', failed(1, { failRetryCount: 2, alarmStatus: ALARM_STATUS.locked }), 'running'],
    ['failed with retries left, decided without a retry (its job gone)', failed(1, { failRetryCount: 2, alarmStatus: ALARM_STATUS.sent }), 'failed'],
    ['failed, no retry left', failed(1), 'failed'],
  ] as const)('%s → %s', (_what, root, end) => {
    expect(chainEnd(root, none)).toBe(end)
  })

  it('follows retries to the last: a success after two failures is done, a retry still going is running', () => {
    const retries = retryIndex([retry(3, 2), retry(2, 1, { handleCode: 500, failRetryCount: 1, alarmStatus: ALARM_STATUS.notNeeded })])
    expect(chainEnd(failed(1, { failRetryCount: 2, alarmStatus: ALARM_STATUS.notNeeded }), retries)).toBe('done')
    expect(chainEnd(failed(1, { failRetryCount: 1 }), retryIndex([retry(2, 1, { handleCode: 0 })]))).toBe('running')
  })

  it('a chain whose retries point in a circle (a table edited by hand) ends as failed', () => {
    const looping = retryIndex([retry(2, 1, { handleCode: 500, alarmStatus: 1 }), retry(1, 2, { handleCode: 500, alarmStatus: 1 })])
    expect(chainEnd(failed(1, { alarmStatus: 1 }), looping)).toBe('failed')
  })
})

describe('jobSlotEnd: every shard of the slot', () => {
  it('done when all succeeded, running while one goes, failed once none goes and one failed, failed when the run is gone', () => {
    expect(jobSlotEnd([attempt(1), attempt(2)], none)).toBe('done')
    expect(jobSlotEnd([failed(1), attempt(2, { handleCode: 0 })], none)).toBe('running')
    expect(jobSlotEnd([failed(1), attempt(2)], none)).toBe('failed')
    expect(jobSlotEnd([], none)).toBe('failed')
  })
})

describe('flowSlotEnd', () => {
  it.each([
    ['success', 'done'],
    ['queued', 'running'],
    ['running', 'running'],
    ['waiting', 'running'],
    ['failed', 'failed'],
    ['killed', 'failed'],
    [undefined, 'failed'],
  ] as const)('a flow run %s → %s', (state, end) => {
    expect(flowSlotEnd(state)).toBe(end)
  })
})

describe('succeededSlots: which slots of a range have a successful run', () => {
  it('any trigger counts; a broadcast only when every shard of one trigger did; a retry that succeeded counts for its slot', () => {
    const later = SLOT + 3_600_000
    const third = SLOT + 7_200_000
    const attempts = [
      // SLOT: the schedule's run failed, a backfill's succeeded.
      failed(1, { alarmStatus: 1 }),
      attempt(2, { backfillId: 9 }),
      // later: a broadcast with one shard failed.
      attempt(3, { scheduleTimeMs: later }),
      failed(4, { scheduleTimeMs: later, alarmStatus: 1 }),
      // third: failed, its retry succeeded.
      failed(5, { scheduleTimeMs: third, failRetryCount: 1, alarmStatus: 1 }),
    ]
    expect([...succeededSlots(attempts, retryIndex([retry(6, 5)]))].sort()).toEqual([SLOT, third])
  })
})
