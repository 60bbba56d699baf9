import { describe, expect, it } from 'vitest'
import type { JobInfo } from '../../../../shared/model'
import { NEXT_FIRE_STALE_MS, staleNextFires } from './stale-next-fires'

const job = (id: number, triggerStatus: number, triggerNextTimeMs: number) => ({ id, triggerStatus, triggerNextTimeMs }) as JobInfo

describe('staleNextFires', () => {
  it('names the running jobs on screen whose next fire has gone by, and no others', () => {
    const now = 1_000_000
    const shown = [
      job(1, 1, now - NEXT_FIRE_STALE_MS),
      job(2, 1, now - NEXT_FIRE_STALE_MS + 1),
      job(3, 0, now - 60_000),
      job(4, 1, 0),
      undefined,
      job(5, 1, now + 5_000),
      job(6, 1, now - 360_000),
    ]
    expect(staleNextFires(shown, now)).toEqual([1, 6])
  })
})
