import { describe, expect, it } from 'vitest'
import type { JobRun } from '../../../../shared/model'
import { TRIGGER_TRAIL_VERSION, type TriggerTrail } from '../../../../shared/trigger-trail'
import { pendingOutcomes, shownOutcome, triggerResultText } from './trigger-outcome'

const text = 'Trigger type: Manual trigger\nChosen: http://10.0.0.5:9999/\nTrigger result: refused (code 500) in 2 ms: job handler [x] not found'
const trail: TriggerTrail = {
  version: TRIGGER_TRAIL_VERSION,
  triggerType: 'MANUAL',
  group: { id: 2, appName: 'reports', registration: 'auto' },
  route: {
    strategy: 'FIRST',
    candidates: ['http://10.0.0.5:9999/'],
    leftOut: [],
    probes: [],
    chosen: 'http://10.0.0.5:9999/',
    reason: { code: 'routeReason.first', params: { count: 1 } },
    shard: null,
  },
  block: { strategy: 'SERIAL_EXECUTION', timeoutSec: 0, retriesLeft: 0 },
  result: { code: 'triggerResult.refused', params: { code: 500, ms: '2', msg: 'job handler [x] not found' } },
}

describe('shownOutcome', () => {
  it('shows a refusal with its trail as the core answered it', () => {
    const shown = shownOutcome({ logId: 4, state: 'refused', executorAddress: 'http://10.0.0.5:9999/', triggerMsg: text, triggerTrail: trail }, undefined)
    expect(shown).toEqual({ logId: 4, state: 'refused', executorAddress: 'http://10.0.0.5:9999/', triggerMsg: text, triggerTrail: trail })
  })

  it('turns a pending answer into what the pushed run row says once it has a trigger code', () => {
    const run = {
      id: 4,
      triggerCode: 200,
      executorAddress: 'http://10.0.0.6:9999/',
      triggerMsg: 'Trigger result: accepted by the executor (code 200)',
      triggerTrail: null,
    } as JobRun
    expect(shownOutcome(pendingOutcomes([4])[0], run)).toMatchObject({
      state: 'accepted',
      executorAddress: 'http://10.0.0.6:9999/',
      triggerMsg: run.triggerMsg,
    })
    expect(shownOutcome(pendingOutcomes([4])[0], { ...run, triggerCode: 0 })).toMatchObject({ state: 'pending', triggerMsg: '' })
  })

  it('keeps the core’s answer when it was not pending, whatever an older row says', () => {
    const run = { id: 4, triggerCode: 0, executorAddress: '', triggerMsg: '', triggerTrail: null } as JobRun
    expect(shownOutcome({ logId: 4, state: 'refused', executorAddress: '', triggerMsg: text, triggerTrail: trail }, run).state).toBe('refused')
  })
})

describe('triggerResultText', () => {
  it('renders the trail’s result in the UI language, the executor’s own words kept', () => {
    expect(triggerResultText('en', { triggerMsg: text, triggerTrail: trail })).toBe('Trigger result: refused (code 500) in 2 ms: job handler [x] not found')
    expect(triggerResultText('zh-CN', { triggerMsg: text, triggerTrail: trail })).toBe('触发结果：被拒绝（代码 500），耗时 2 毫秒：job handler [x] not found')
  })

  it('says a trigger that never routed in its result alone', () => {
    const dropped: TriggerTrail = { ...trail, group: null, route: null, block: null, result: { code: 'triggerResult.dropped', params: {} } }
    expect(triggerResultText('zh-CN', { triggerMsg: '', triggerTrail: dropped })).toBe('触发被丢弃：触发线程池队列已满（调度中心过载）。')
  })

  it('falls back to the text’s last line for a run written before trails', () => {
    expect(triggerResultText('zh-CN', { triggerMsg: text, triggerTrail: null })).toBe('Trigger result: refused (code 500) in 2 ms: job handler [x] not found')
  })
})
