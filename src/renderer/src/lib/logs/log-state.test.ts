import { describe, expect, it } from 'vitest'
import { logState } from './log-state'

describe('logState', () => {
  it('is live while the run runs and the log is not over', () => {
    expect(logState({ loading: false, catchingUp: false, isEnd: false }, false)).toBe('live')
  })

  it('ends with the run, even before the executor says the log is complete', () => {
    expect(logState({ loading: false, catchingUp: false, isEnd: false }, true)).toBe('ended')
  })

  it('ends when the log is complete', () => {
    expect(logState({ loading: false, catchingUp: false, isEnd: true }, false)).toBe('ended')
  })

  it('is loading while a finished run’s long log is still read page by page', () => {
    expect(logState({ loading: false, catchingUp: true, isEnd: false }, true)).toBe('loading')
  })

  it('is loading before the first read answered', () => {
    expect(logState(undefined, true)).toBe('loading')
    expect(logState({ loading: true, catchingUp: false, isEnd: false }, false)).toBe('loading')
  })
})
