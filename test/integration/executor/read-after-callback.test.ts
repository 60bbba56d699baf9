import { afterEach, describe, expect, it } from 'vitest'
import type { LogPage } from '../../../src/shared/model'
import { createExecutor, type Executor } from '../../../src/main/executor'
import type { HandleCallback, TriggerParam } from '../../../src/main/executor/executor-api'
import type { RunLogLayout } from '../../../src/main/executor/run-log/run-log-store'
import { spawnWorker } from '../../../src/main/kernel/spawn-worker'
import { makeTempDir, triggerParam, waitUntil } from '../../support/executor-fixtures'

const RUNS = 400

/**
 * A run's log is complete the moment its callback is delivered, while hundreds of other short runs
 * are being written, in both layouts: read from inside the delivery it holds every line up to the
 * result; read on the next event-loop turn (the executor has appended "callback finish" by then) it
 * holds that line too, even though nothing may have reached the disk yet.
 */
describe.each<RunLogLayout>(['files', 'packed'])('run logs read on callback (%s layout)', (layout) => {
  let executor: Executor | undefined
  let temp: { dir: string; remove(): Promise<void> } | undefined
  afterEach(async () => {
    await executor?.stop()
    await temp?.remove()
    executor = temp = undefined
  })

  it('every finished run reads in full as soon as its callback arrives', async () => {
    temp = await makeTempDir()
    const params = new Map<number, TriggerParam>()
    const reads: Array<Promise<{ callback: HandleCallback; during: LogPage; after: LogPage }>> = []
    const sink = async (batch: HandleCallback[]): Promise<void> => {
      for (const callback of batch) {
        const param = params.get(callback.logId)!
        const request = { logId: param.logId, logDateTime: param.logDateTime, fromLineNum: 1 }
        const during = executor!.log(request)
        const after = new Promise<LogPage>((resolve, reject) => setImmediate(() => executor!.log(request).then((reply) => resolve(reply.data!), reject)))
        reads.push(Promise.all([during, after]).then(([reply, afterPage]) => ({ callback, during: reply.data!, after: afterPage })))
      }
    }
    executor = createExecutor({ logDir: temp.dir, callbackSink: sink, spawnWorker, enableScripts: false, runLogLayout: layout })
    for (let i = 0; i < RUNS; i++) {
      const param = triggerParam({ jobId: 5000 + i, executorParams: `p${i}` })
      params.set(param.logId, param)
      expect((await executor.run(param)).code).toBe(200)
    }
    await waitUntil('every callback', () => reads.length === RUNS)
    for (const { callback, during, after } of await Promise.all(reads)) {
      const param = params.get(callback.logId)!
      const lines = during.logContent.split('\n').slice(0, -1)
      expect(callback.handleCode).toBe(200)
      expect(during.toLineNum).toBe(lines.length)
      expect(lines.length).toBeGreaterThanOrEqual(3)
      expect(lines[0]).toContain(`Param:${param.executorParams}`)
      expect(lines[1]).toContain(`demoJobHandler, param: ${param.executorParams}`)
      expect(lines[2]).toContain('Result: handleCode=200')
      expect(after.toLineNum).toBe(4)
      expect(after.logContent.startsWith(lines.slice(0, 3).join('\n'))).toBe(true)
      expect(after.logContent).toContain('callback finish')
    }
    // After a graceful stop every log also holds its callback line, read back from disk.
    await executor.stop()
    for (const param of [...params.values()].filter((_, i) => i % 40 === 0)) {
      const page = (await executor.log({ logId: param.logId, logDateTime: param.logDateTime, fromLineNum: 1 })).data!
      expect(page.logContent).toContain(`Param:${param.executorParams}`)
      expect(page.logContent).toContain('callback finish')
      expect(page.toLineNum).toBe(4)
    }
  })
})
