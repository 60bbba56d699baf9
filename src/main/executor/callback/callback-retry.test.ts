import { readdir } from 'node:fs/promises'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { makeTempDir, waitUntil } from '../../../../test/support/executor-fixtures'
import { ManualClock } from '../../kernel/clock'
import { silentLogger } from '../../kernel/logger'
import { CallbackRefusedError, type HandleCallback } from '../executor-api'
import { retrySpooledCallbacks, runCallbackRetryLoop } from './callback-retry'
import { CallbackSpool } from './callback-spool'

describe('callback spool retry loop', () => {
  let temp: { dir: string; remove(): Promise<void> }
  beforeEach(async () => {
    temp = await makeTempDir()
  })
  afterEach(async () => {
    await temp.remove()
  })

  it('re-sends a spool file every interval and deletes it only after the sink accepted it', async () => {
    const spool = new CallbackSpool(temp.dir)
    const batch: HandleCallback[] = [{ logId: 7, logDateTime: 1, handleCode: 200, handleMsg: 'ok' }]
    const path = await spool.write(batch)
    expect(path).toMatch(/callbacklogs[/\\]xxl-job-callback-[0-9a-f]{32}\.log$/)
    const clock = new ManualClock(0)
    let accept = false
    const attempts: HandleCallback[][] = []
    const delivered: HandleCallback[][] = []
    const stop = new AbortController()
    const loop = runCallbackRetryLoop({
      spool,
      clock,
      intervalMs: 30_000,
      logger: silentLogger,
      signal: stop.signal,
      sink: async (items) => {
        attempts.push(items)
        if (!accept) throw new Error('admin down')
      },
      onDelivered: (items) => delivered.push([...items]),
    })
    await waitUntil('the first pass to fail and the loop to sleep', () => attempts.length === 1 && clock.sleeperCount === 1)
    expect(await readdir(spool.dir)).toHaveLength(1)
    accept = true
    await clock.advance(29_999)
    expect(attempts).toHaveLength(1)
    await clock.advance(1)
    await waitUntil('the retry to deliver', () => delivered.length === 1)
    expect(delivered[0]).toEqual(batch)
    await waitUntil('the spool file to be deleted', async () => (await readdir(spool.dir)).length === 0)
    stop.abort()
    await loop
  })

  it('drops a spool file the admin refused for good, and keeps one that only failed to arrive', async () => {
    const spool = new CallbackSpool(temp.dir)
    await spool.write([{ logId: 8, logDateTime: 1, handleCode: 500, handleMsg: 'killed' }])
    await spool.write([{ logId: 9, logDateTime: 1, handleCode: 200, handleMsg: 'ok' }])
    const sent: number[] = []
    const sink = async (items: HandleCallback[]) => {
      sent.push(items[0].logId)
      throw items[0].logId === 8 ? new CallbackRefusedError("not this credential's to report") : new Error('admin down')
    }
    expect(await retrySpooledCallbacks(spool, sink, silentLogger, () => {})).toBe(0)
    const left = await spool.list()
    expect(left).toHaveLength(1)
    expect((await spool.read(left[0]))[0].logId).toBe(9)
    // A second pass sends only what was kept.
    await retrySpooledCallbacks(spool, sink, silentLogger, () => {})
    expect(sent.filter((id) => id === 8)).toHaveLength(1)
  })
})
