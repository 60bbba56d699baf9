import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createExecutor, type Executor } from '../../../src/main/executor'
import { ManualClock } from '../../../src/main/kernel/clock'
import { spawnWorker } from '../../../src/main/kernel/spawn-worker'
import { formatLocalDate } from '../../../src/main/executor/run-log/log-format'
import { CallbackCollector, makeTempDir, triggerParam, waitUntil } from '../../support/executor-fixtures'
import { startInProcessExecutor, type InProcessExecutor } from '../../support/executor-in-process'

describe('executor lifecycle', () => {
  let target: InProcessExecutor | undefined
  let executor: Executor | undefined
  let temp: { dir: string; remove(): Promise<void> } | undefined
  afterEach(async () => {
    await target?.teardown()
    await executor?.stop()
    await temp?.remove()
    target = executor = temp = undefined
  })

  it('a long-running handler does not hold up other jobs', async () => {
    target = await startInProcessExecutor({ maxWorkers: 4, shutdownGraceMs: 100 })
    const long = triggerParam({ jobId: 41, executorHandler: 'sleepJobHandler', executorParams: '60000' })
    await target.api.run(long)
    const others = Array.from({ length: 40 }, (_, i) => triggerParam({ jobId: 100 + i }))
    for (const param of others) expect((await target.api.run(param)).code).toBe(200)
    const results = await Promise.all(others.map((param) => target!.waitForCallback(param.logId)))
    expect(results.every((callback) => callback.handleCode === 200)).toBe(true)
    expect(target.status().runningJobIds).toEqual([41])
  })

  it('drops a lane when its run ends and keeps the idle worker until idleRunnerExitMs on the injected clock', async () => {
    temp = await makeTempDir()
    const clock = new ManualClock(Date.UTC(2030, 5, 15, 12))
    const collector = new CallbackCollector()
    executor = createExecutor({ logDir: temp.dir, callbackSink: collector.sink, spawnWorker, enableScripts: false, clock, idleRunnerExitMs: 90_000 })
    const param = triggerParam({ jobId: 8 })
    expect((await executor.run(param)).code).toBe(200)
    expect(executor.status().laneCount).toBe(1)
    expect(await collector.waitFor(param.logId)).toMatchObject({ handleCode: 200 })
    const { workerCount, ...rest } = executor.status()
    expect(rest).toEqual({ laneCount: 0, runningJobIds: [], queuedCount: 0 })
    expect(workerCount).toBeGreaterThan(0)
    expect((await executor.idleBeat(8)).code).toBe(200)
    await clock.advance(90_000 - 1)
    expect(executor.status().workerCount).toBe(workerCount)
    await clock.advance(1)
    await waitUntil('the idle worker to exit', () => executor!.status().workerCount === 0)
  })

  it('cleans run-log date folders beyond the retention at start, judged by the injected clock', async () => {
    temp = await makeTempDir()
    const nowMs = new Date(2030, 5, 15, 12).getTime()
    const old = join(temp.dir, formatLocalDate(new Date(2030, 4, 1).getTime()))
    const recent = join(temp.dir, formatLocalDate(new Date(2030, 5, 10).getTime()))
    for (const dir of [old, recent]) {
      await mkdir(dir, { recursive: true })
      await writeFile(join(dir, '1.log'), 'x\n')
    }
    const collector = new CallbackCollector()
    executor = createExecutor({
      logDir: temp.dir,
      callbackSink: collector.sink,
      spawnWorker,
      enableScripts: false,
      clock: new ManualClock(nowMs),
      logRetentionDays: 30,
    })
    await waitUntil('the expired folder to be deleted', () => !existsSync(old))
    expect(existsSync(recent)).toBe(true)
  })

  it('hands a slow in-process sink the backlog in batches of up to callbackBatchMax', async () => {
    temp = await makeTempDir()
    const sizes: number[] = []
    let release = (): void => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    executor = createExecutor({
      logDir: temp.dir,
      spawnWorker,
      enableScripts: false,
      runLogLayout: 'packed',
      callbackBatchMax: 500,
      // Holds its first calls until the whole burst has finished, like a commit that takes a while.
      callbackSink: async (batch) => {
        sizes.push(batch.length)
        await gate
      },
    })
    const params = Array.from({ length: 300 }, (_, i) => triggerParam({ jobId: 2000 + i }))
    for (const param of params) expect((await executor.run(param)).code).toBe(200)
    await waitUntil('the burst to finish', () => executor!.status().runningJobIds.length === 0 && executor!.status().queuedCount === 0)
    release()
    await waitUntil('every callback', () => sizes.reduce((a, b) => a + b, 0) === params.length)
    expect(Math.max(...sizes)).toBeGreaterThan(50)
    expect(Math.max(...sizes)).toBeLessThanOrEqual(500)
  })

  it('keeps every run log of a burst and delivers callbacks in batches of at most 50', async () => {
    target = await startInProcessExecutor()
    const params = Array.from({ length: 300 }, (_, i) => triggerParam({ jobId: 1000 + i, executorParams: `n${i}` }))
    await Promise.all(params.map((param) => target!.api.run(param)))
    await Promise.all(params.map((param) => target!.waitForCallback(param.logId)))
    expect(Math.max(...target.collector.batches.map((batch) => batch.length))).toBeLessThanOrEqual(50)
    const sample = params[123]
    await waitUntil('the callback line of a sampled run', async () => {
      const page = await target!.api.log({ logId: sample.logId, logDateTime: sample.logDateTime, fromLineNum: 1 })
      return page.data!.logContent.includes('callback finish')
    })
    const page = await target.api.log({ logId: sample.logId, logDateTime: sample.logDateTime, fromLineNum: 1 })
    expect(page.data!.logContent).toContain('Param:n123')
  })
})
