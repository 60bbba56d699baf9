import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { JobDeskEvent } from '../../shared/api'
import type { JobRun } from '../../shared/model'
import { EventHub } from './events'

describe('EventHub', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  const runOf = (id: number) => ({ id }) as JobRun

  it('reads changed runs back only for UI clients, not for the core parts listening to one kind of event', async () => {
    const loadRuns = vi.fn(async (ids: number[]) => ids.map(runOf))
    const hub = new EventHub(loadRuns, 200)
    const misfires: number[] = []
    hub.on('misfire', (event) => misfires.push(event.jobId))
    hub.runsChanged([1, 2])
    await vi.advanceTimersByTimeAsync(500)
    expect(loadRuns).not.toHaveBeenCalled()
    hub.emit({ type: 'misfire', jobId: 7 } as JobDeskEvent)
    hub.emit({ type: 'links-changed' } as JobDeskEvent)
    expect(misfires).toEqual([7])

    const seen: JobDeskEvent[] = []
    const unsubscribe = hub.subscribe((event) => seen.push(event))
    hub.runsChanged([3, 4])
    hub.runsChanged([4, 5])
    await vi.advanceTimersByTimeAsync(200)
    expect(loadRuns).toHaveBeenCalledTimes(1)
    expect(loadRuns).toHaveBeenCalledWith([5, 4, 3])
    expect(seen).toEqual([{ type: 'runs-changed', runs: [runOf(5), runOf(4), runOf(3)], truncated: false }])
    unsubscribe()
    hub.runsChanged([6])
    await vi.advanceTimersByTimeAsync(500)
    expect(loadRuns).toHaveBeenCalledTimes(1)
    hub.close()
  })
})
