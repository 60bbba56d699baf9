import { describe, expect, it } from 'vitest'
import { failureReason } from './failure-reason'

describe('failureReason', () => {
  it('is the handle message when the handler said something, with <br> breaks as spaces', () => {
    expect(failureReason({ handleMsg: 'boom<br>at line 3', triggerMsg: 'Trigger result: accepted' })).toBe('boom at line 3')
  })

  it('is the trigger trail’s last line when the trigger itself failed', () => {
    const triggerMsg = 'Trigger type: Manual trigger\nChosen: http://10.0.0.5:9999/\nTrigger result: refused (code 500) in 3 ms: job handler [nope] not found\n'
    expect(failureReason({ handleMsg: '', triggerMsg })).toBe('Trigger result: refused (code 500) in 3 ms: job handler [nope] not found')
  })

  it('is empty when the run says nothing', () => {
    expect(failureReason({ handleMsg: ' ', triggerMsg: '' })).toBe('')
  })
})
