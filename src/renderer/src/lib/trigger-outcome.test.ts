import { describe, expect, it } from 'vitest'
import type { JobRun } from '../../../shared/model'
import { pendingOutcomes, shownOutcome } from './trigger-outcome'

const trail = 'Trigger type: Manual trigger\nChosen: http://10.0.0.5:9999/\nTrigger result: refused (code 500) in 2 ms: job handler [x] not found'

describe('shownOutcome', () => {
  it('shows a refusal with its trail and the trail’s last line as the reason', () => {
    const shown = shownOutcome({ logId: 4, state: 'refused', executorAddress: 'http://10.0.0.5:9999/', triggerMsg: trail }, undefined)
    expect(shown).toEqual({ logId: 4, state: 'refused', executorAddress: 'http://10.0.0.5:9999/', trail, reason: 'Trigger result: refused (code 500) in 2 ms: job handler [x] not found' })
  })

  it('turns a pending answer into what the pushed run row says once it has a trigger code', () => {
    const run = { id: 4, triggerCode: 200, executorAddress: 'http://10.0.0.6:9999/', triggerMsg: 'Trigger result: accepted by the executor (code 200)' } as JobRun
    expect(shownOutcome(pendingOutcomes([4])[0], run)).toMatchObject({ state: 'accepted', executorAddress: 'http://10.0.0.6:9999/', reason: 'Trigger result: accepted by the executor (code 200)' })
    expect(shownOutcome(pendingOutcomes([4])[0], { ...run, triggerCode: 0 })).toMatchObject({ state: 'pending', reason: '' })
  })

  it('keeps the core’s answer when it was not pending, whatever an older row says', () => {
    const run = { id: 4, triggerCode: 0, executorAddress: '', triggerMsg: '' } as JobRun
    expect(shownOutcome({ logId: 4, state: 'refused', executorAddress: '', triggerMsg: trail }, run).state).toBe('refused')
  })
})
