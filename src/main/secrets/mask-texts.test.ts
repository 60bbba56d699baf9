import { describe, expect, it } from 'vitest'
import type { RunCompletion } from '../domain/runs'
import { MASK, maskerFor, NO_MASK } from './mask'
import { maskedPage, maskingCompleter } from './mask-texts'

const masker = maskerFor(['foreign-secret'])

describe("a foreign executor's texts", () => {
  it('are masked in a callback’s handle message before the run writer keeps it', async () => {
    const written: RunCompletion[][] = []
    const completer = maskingCompleter({ complete: async (c) => written.push(c) }, () => masker)
    await completer.complete([{ logId: 1, handleCode: 500, handleMsg: 'failed with foreign-secret', handleTimeMs: 0 }])
    expect(written).toEqual([[{ logId: 1, handleCode: 500, handleMsg: `failed with ${MASK}`, handleTimeMs: 0 }]])
  })

  it('pass through unchanged, the same array, with nothing to mask', async () => {
    const batch = [{ logId: 1, handleCode: 200, handleMsg: 'ok', handleTimeMs: 0 }]
    const written: RunCompletion[][] = []
    await maskingCompleter({ complete: async (c) => written.push(c) }, () => NO_MASK).complete(batch)
    expect(written[0]).toBe(batch)
  })

  it('are masked in a log page (in every encoded form)', () => {
    const page = { fromLineNum: 1, toLineNum: 2, logContent: `a foreign-secret\nb ${Buffer.from('foreign-secret').toString('base64')}\n`, isEnd: false }
    expect(maskedPage(page, masker)).toEqual({ ...page, logContent: `a ${MASK}\nb ${MASK}\n` })
    expect(maskedPage(page, NO_MASK)).toBe(page)
  })
})
