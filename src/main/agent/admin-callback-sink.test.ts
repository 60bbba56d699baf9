import { describe, expect, it } from 'vitest'
import { CallbackRefusedError, type HandleCallback } from '../executor/executor-api'
import { AdminCallError, type AdminAccepted } from '../net/admin-client'
import { createAdminCallbackSink } from './admin-callback-sink'

const items = (count: number): HandleCallback[] => Array.from({ length: count }, (_, i) => ({ logId: i + 1, logDateTime: 0, handleCode: 200, handleMsg: null }))

describe('createAdminCallbackSink', () => {
  it('sends batches of at most 50 items, in order', async () => {
    const sent: number[][] = []
    const sink = createAdminCallbackSink({
      callback: async (batch): Promise<AdminAccepted> => {
        sent.push(batch.map((item) => item.logId))
        return { adminUrl: 'http://a', reply: { code: 200 } }
      },
    })
    await sink(items(120))
    expect(sent.map((batch) => batch.length)).toEqual([50, 50, 20])
    expect(sent.flat()).toEqual(items(120).map((item) => item.logId))
  })

  it('rejects when no admin accepts a batch, so the core spools it', async () => {
    const sink = createAdminCallbackSink({
      callback: async () => {
        throw new AdminCallError('callback', [{ adminUrl: 'http://a', reason: 'no answer within 3000 ms' }])
      },
    })
    await expect(sink(items(3))).rejects.toThrow('callback was accepted by no admin: http://a → no answer within 3000 ms')
  })

  it('rejects with CallbackRefusedError when an admin refused a part for good, after sending the rest', async () => {
    const sent: number[] = []
    const sink = createAdminCallbackSink(
      {
        callback: async (batch): Promise<AdminAccepted> => {
          sent.push(batch[0].logId)
          if (batch[0].logId === 1) throw new AdminCallError('callback', [{ adminUrl: 'http://a', reason: "code 500 not this credential's" }], true)
          return { adminUrl: 'http://a', reply: { code: 200 } }
        },
      },
      2,
    )
    await expect(sink(items(4))).rejects.toBeInstanceOf(CallbackRefusedError)
    expect(sent).toEqual([1, 3])
  })
})
