import { describe, expect, it } from 'vitest'
import { failureReason } from './failure-reason'
import { TRIGGER_TRAIL_VERSION, type TriggerTrail } from './trigger-trail'

const refusedTrail: TriggerTrail = {
  version: TRIGGER_TRAIL_VERSION,
  triggerType: 'MANUAL',
  group: null,
  route: null,
  block: null,
  result: { code: 'triggerResult.refused', params: { code: 500, ms: 3, msg: 'job handler [nope] not found' } },
}

describe('failureReason', () => {
  it('is the handle message when the handler said something, with <br> breaks as spaces', () => {
    expect(failureReason({ handleMsg: 'boom<br>at line 3', triggerMsg: 'Trigger result: accepted', triggerTrail: refusedTrail })).toBe('boom at line 3')
  })

  it('is the trail’s result when the trigger itself failed, in English unless told how to render it', () => {
    const run = { handleMsg: '', triggerMsg: 'text the reason is not taken from', triggerTrail: refusedTrail }
    expect(failureReason(run)).toBe('refused (code 500) in 3 ms: job handler [nope] not found')
    expect(failureReason(run, (message) => `${message.code} ${String(message.params.msg)}`)).toBe('triggerResult.refused job handler [nope] not found')
  })

  it('is the trigger text’s last line for a run without a trail (imported from XXL-JOB, or an older row)', () => {
    const triggerMsg = 'Trigger type: Manual trigger\nChosen: http://10.0.0.5:9999/\nTrigger result: refused (code 500) in 3 ms: job handler [nope] not found\n'
    expect(failureReason({ handleMsg: '', triggerMsg, triggerTrail: null })).toBe('Trigger result: refused (code 500) in 3 ms: job handler [nope] not found')
  })

  it('is empty when the run says nothing', () => {
    expect(failureReason({ handleMsg: ' ', triggerMsg: '', triggerTrail: null })).toBe('')
  })
})
