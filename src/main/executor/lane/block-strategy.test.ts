import { describe, expect, it } from 'vitest'
import type { TriggerParam } from '../executor-api'
import { laneIdentity, planTrigger, type LaneView } from './block-strategy'

const param = (overrides: Partial<TriggerParam> = {}): TriggerParam => ({
  jobId: 1,
  executorHandler: 'demoJobHandler',
  executorParams: '',
  executorBlockStrategy: 'SERIAL_EXECUTION',
  executorTimeout: 0,
  logId: 100,
  logDateTime: 0,
  glueType: 'BEAN',
  glueSource: null,
  glueUpdatetime: 5,
  broadcastIndex: 0,
  broadcastTotal: 1,
  ...overrides,
})

const lane = (state: { running?: number | null; queued?: number[]; identity?: string }): LaneView => ({
  identity: state.identity ?? 'BEAN:demoJobHandler',
  runningLogId: state.running ?? null,
  queuedCount: state.queued?.length ?? 0,
  hasQueued: (logId) => state.queued?.includes(logId) ?? false,
})

describe('planTrigger', () => {
  it('enqueues on a missing or idle lane whatever the block strategy', () => {
    expect(planTrigger(undefined, param({ executorBlockStrategy: 'DISCARD_LATER' }), 'BEAN:demoJobHandler')).toEqual({ action: 'enqueue' })
    expect(planTrigger(lane({}), param({ executorBlockStrategy: 'COVER_EARLY' }), 'BEAN:demoJobHandler')).toEqual({ action: 'enqueue' })
  })

  it('applies the block strategy when the lane is running or has a queue', () => {
    const busy = lane({ running: 1 })
    expect(planTrigger(busy, param(), 'BEAN:demoJobHandler')).toEqual({ action: 'enqueue' })
    expect(planTrigger(busy, param({ executorBlockStrategy: 'SOMETHING_NEW' }), 'BEAN:demoJobHandler')).toEqual({ action: 'enqueue' })
    expect(planTrigger(lane({ queued: [7] }), param({ executorBlockStrategy: 'DISCARD_LATER' }), 'BEAN:demoJobHandler')).toEqual({
      action: 'reject',
      msg: 'block strategy effect：Discard Later',
    })
    expect(planTrigger(busy, param({ executorBlockStrategy: 'COVER_EARLY' }), 'BEAN:demoJobHandler')).toEqual({
      action: 'replace',
      reason: 'block strategy effect：Cover Early',
    })
  })

  it('refuses a logId already running or queued, before any block strategy', () => {
    expect(planTrigger(lane({ running: 100 }), param({ executorBlockStrategy: 'COVER_EARLY' }), 'BEAN:demoJobHandler')).toEqual({
      action: 'reject',
      msg: 'repeat trigger job, logId:100',
    })
    expect(planTrigger(lane({ running: 1, queued: [100] }), param(), 'BEAN:demoJobHandler').action).toBe('reject')
  })

  it('replaces the lane when the handler or the script version changes', () => {
    expect(planTrigger(lane({ running: 1 }), param({ executorHandler: 'other' }), 'BEAN:other')).toEqual({
      action: 'replace',
      reason: 'change jobhandler or glue type, and terminate the old job thread.',
    })
    const script = param({ glueType: 'GLUE_SHELL', glueUpdatetime: 9 })
    expect(laneIdentity(script)).toBe('GLUE_SHELL@9')
    expect(planTrigger(lane({ identity: 'GLUE_SHELL@5' }), script, laneIdentity(script))).toEqual({
      action: 'replace',
      reason: 'change job source or glue type, and terminate the old job thread.',
    })
  })
})
