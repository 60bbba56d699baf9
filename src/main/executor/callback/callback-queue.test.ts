import { describe, expect, it } from 'vitest'
import { silentLogger } from '../../kernel/logger'
import type { HandleCallback } from '../executor-api'
import { CallbackQueue } from './callback-queue'
import { CallbackSpool } from './callback-spool'

const callback = (logId: number): HandleCallback => ({ logId, logDateTime: 1, handleCode: 200, handleMsg: null })

/** A queue over a sink whose calls stay open until the test settles them, in order. */
function heldQueue(options: { batchMax: number; maxInFlight?: number }) {
  const calls: { batch: HandleCallback[]; settle: () => void }[] = []
  const delivered: number[] = []
  const queue = new CallbackQueue({
    sink: (batch) => new Promise<void>((resolve) => calls.push({ batch, settle: resolve })),
    // Never written: no sink call fails here.
    spool: new CallbackSpool('/nonexistent-callback-spool'),
    logger: silentLogger,
    onDelivered: (batch) => delivered.push(...batch.map((c) => c.logId)),
    onFailed: () => {
      throw new Error('no batch fails in these tests')
    },
    ...options,
  })
  return { queue, calls, delivered }
}

/** Lets the queue's setImmediate turn and the settled calls' continuations run. */
const turn = () => new Promise((resolve) => setImmediate(resolve))

describe('CallbackQueue', () => {
  it('keeps four sink calls in flight by default, as an admin over HTTP gets them', async () => {
    const { queue, calls, delivered } = heldQueue({ batchMax: 1 })
    for (let logId = 1; logId <= 6; logId++) queue.push(callback(logId))
    await turn()
    expect(calls.map((c) => c.batch[0].logId)).toEqual([1, 2, 3, 4])
    calls[0].settle()
    await turn()
    expect(delivered).toEqual([1])
    expect(calls.map((c) => c.batch[0].logId)).toEqual([1, 2, 3, 4, 5])
  })

  it('hands every waiting batch on at once when allowed more in flight (the embedded executor: its writer batches them)', async () => {
    const { queue, calls } = heldQueue({ batchMax: 2, maxInFlight: 64 })
    for (let logId = 1; logId <= 20; logId++) queue.push(callback(logId))
    await turn()
    expect(calls.map((c) => c.batch.map((b) => b.logId))).toEqual(Array.from({ length: 10 }, (_, i) => [2 * i + 1, 2 * i + 2]))
    for (const call of calls) call.settle()
    await queue.drain()
  })
})
