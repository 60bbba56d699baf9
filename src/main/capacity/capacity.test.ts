import { describe, expect, it } from 'vitest'
import { compareQueued, planDequeue, type WaitingRun } from './queue-order'
import { queuedMisfires, type QueuedFire } from './queued-misfire'
import { slotFate, type EndedRunState } from './slot-fate'
import { freeSlots, triggerCapacityOf } from './slot-needs'

const run = (runId: number, priority: number, orderTimeMs: number, needs: WaitingRun['needs'] = [{ pool: 'oracle', slots: 1 }]): WaitingRun => ({
  runId,
  priority,
  orderTimeMs,
  needs,
})

describe('queue order', () => {
  it.each([
    ['priority first', run(9, 1, 5000), run(1, 5, 0), -1],
    ['then the scheduled time', run(9, 5, 1000), run(1, 5, 2000), -1],
    ['then the run id', run(1, 5, 1000), run(2, 5, 1000), -1],
    ['a lower priority goes after', run(1, 9, 0), run(2, 1, 9000), 1],
  ])('%s', (_name, a, b, sign) => {
    expect(Math.sign(compareQueued(a, b))).toBe(sign)
  })
})

describe('which waiting runs get their slots', () => {
  const free = (entries: [string, number][]) => new Map(entries)

  it.each<[string, WaitingRun[], [string, number][], number[], [number, string][]]>([
    [
      'in priority order while slots last',
      [run(1, 5, 0), run(2, 1, 10), run(3, 9, 0), run(4, 1, 20)],
      [['oracle', 2]],
      [2, 4],
      [
        [1, 'poolFull'],
        [3, 'behindHigherPriority'],
      ],
    ],
    [
      'all of a run slots or none',
      [run(1, 1, 0, [{ pool: 'oracle', slots: 3 }]), run(2, 5, 0)],
      [['oracle', 2]],
      [],
      [
        [1, 'poolFull'],
        [2, 'behindHigherPriority'],
      ],
    ],
    [
      'a full pool does not stop runs of other pools',
      [run(1, 1, 0, [{ pool: 'oracle', slots: 1 }]), run(2, 5, 0, [{ pool: 'etl', slots: 1 }])],
      [
        ['oracle', 0],
        ['etl', 1],
      ],
      [2],
      [[1, 'poolFull']],
    ],
    [
      'a job limit is its own reason',
      [
        run(1, 5, 0, [
          { pool: 'job:7', slots: 1 },
          { pool: 'oracle', slots: 1 },
        ]),
      ],
      [
        ['oracle', 3],
        ['job:7', 0],
      ],
      [],
      [[1, 'jobMaxConcurrent']],
    ],
    ['a pool that does not exist', [run(1, 5, 0, [{ pool: 'gone', slots: 1 }]), run(2, 5, 1)], [['oracle', 1]], [2], [[1, 'unknownPool']]],
    [
      'both pools of a run',
      [
        run(1, 5, 0, [
          { pool: 'a', slots: 1 },
          { pool: 'b', slots: 2 },
        ]),
        run(2, 5, 1, [{ pool: 'a', slots: 1 }]),
      ],
      [
        ['a', 1],
        ['b', 2],
      ],
      [1],
      [[2, 'poolFull']],
    ],
  ])('%s', (_name, runs, sizes, admitted, waiting) => {
    const plan = planDequeue(runs, free(sizes))
    expect(plan.admitted).toEqual(admitted)
    expect([...plan.waiting]).toEqual(waiting)
  })
})

describe('slots over a run and its retries', () => {
  const ended = (status: EndedRunState['status'], retriesLeft: number, failureTaken: boolean): EndedRunState => ({ status, retriesLeft, failureTaken })
  it.each<[string, EndedRunState, string]>([
    ['pending: held', ended('pending', 0, false), 'hold'],
    ['running: held', ended('running', 2, false), 'hold'],
    ['success: released', ended('success', 2, false), 'release'],
    ['killed, retries left: released', ended('killed', 2, false), 'release'],
    ['failed (or timed out, or lost) with retries left: kept for the retry', ended('failed', 1, false), 'keepForRetry'],
    ['failed, the retry written: released (the retry took them over)', ended('failed', 1, true), 'release'],
    ['failed, no retries: released', ended('failed', 0, false), 'release'],
  ])('%s', (_name, state, fate) => {
    expect(slotFate(state)).toBe(fate)
  })
})

describe('a queued run past the misfire threshold', () => {
  const fire = (runId: number, jobId: number, scheduleTimeMs: number, misfireStrategy: QueuedFire['misfireStrategy'], scheduled = true): QueuedFire => ({
    runId,
    jobId,
    scheduled,
    scheduleTimeMs,
    misfireStrategy,
  })
  it.each<[string, QueuedFire[], number[]]>([
    ['within the threshold: kept', [fire(1, 1, 96_000, 'DO_NOTHING')], []],
    ['DO_NOTHING: dropped', [fire(1, 1, 90_000, 'DO_NOTHING'), fire(2, 1, 94_000, 'DO_NOTHING')], [1, 2]],
    [
      'FIRE_ONCE_NOW: the latest kept, the older dropped',
      [fire(1, 1, 80_000, 'FIRE_ONCE_NOW'), fire(3, 1, 90_000, 'FIRE_ONCE_NOW'), fire(2, 2, 80_000, 'FIRE_ONCE_NOW')],
      [1],
    ],
    ['a manual run never misfires', [fire(1, 1, 0, 'DO_NOTHING', false)], []],
  ])('%s', (_name, runs, dropped) => {
    expect(queuedMisfires(runs, 100_000, 5000)).toEqual(dropped)
  })
})

describe('what a job needs', () => {
  it('nothing for a job without pools or maxConcurrent', () => {
    expect(triggerCapacityOf({ id: 7 })).toBeUndefined()
    expect(triggerCapacityOf({ id: 7, pools: [], maxConcurrent: 0, priority: 1 })).toBeUndefined()
  })
  it('its pools, and one slot of its own limit', () => {
    expect(triggerCapacityOf({ id: 7, pools: [{ name: 'oracle', slots: 2 }], maxConcurrent: 3 })).toEqual({
      needs: [
        { pool: 'oracle', slots: 2 },
        { pool: 'job:7', slots: 1 },
      ],
      priority: 5,
      limits: [['job:7', 3]],
    })
  })
  it('free slots are the size less what is held', () => {
    expect([
      ...freeSlots(
        new Map([
          ['oracle', 3],
          ['etl', 2],
        ]),
        new Map([['oracle', 2]]),
      ),
    ]).toEqual([
      ['oracle', 1],
      ['etl', 2],
    ])
  })
})
