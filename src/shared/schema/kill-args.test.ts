import { describe, expect, it } from 'vitest'
import { API_ARGUMENTS } from './api-args'

describe('the kill methods’ arguments', () => {
  it('take the options, none, or null (how a console over the WebSocket sends an absent one)', () => {
    for (const args of [[5], [5, null], [5, { retry: false }], [5, {}]]) expect(API_ARGUMENTS.killRun.safeParse(args).success, JSON.stringify(args)).toBe(true)
    for (const args of [[5], [5, null], [5, { keepFinished: true }]]) expect(API_ARGUMENTS.killFlowRun.safeParse(args).success, JSON.stringify(args)).toBe(true)
  })

  it('refuse anything else', () => {
    for (const args of [[5, { retry: 'no' }], [5, { retry: false, extra: 1 }], [0], ['5']])
      expect(API_ARGUMENTS.killRun.safeParse(args).success, JSON.stringify(args)).toBe(false)
    expect(API_ARGUMENTS.killFlowRun.safeParse([5, { keepFinished: 1 }]).success).toBe(false)
  })
})
