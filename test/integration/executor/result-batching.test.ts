import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { makeTempDir, triggerParam, waitUntil } from '../../support/executor-fixtures'
import { startInProcessExecutor, type InProcessExecutor } from '../../support/executor-in-process'

const HANDLERS = `
export function quick(ctx) { return 'quick ' + ctx.param }
export function quiet() {}
export function spin(ctx) { for (;;) {} }
export function longMessage(ctx) { return 'x'.repeat(1000) + ctx.param }
export function exitThread() { process.exit(3) }
`

/**
 * A runner worker posts results in one batch per event-loop turn. Runs that finished in the turn in
 * which a later handler spins (and is then killed, its thread terminated) still report their own
 * results, read from shared memory, and never as crashed.
 */
describe('batched results from runner workers', () => {
  let handlerDir: { dir: string; remove(): Promise<void> } | undefined
  let target: InProcessExecutor | undefined
  afterEach(async () => {
    await target?.teardown()
    await handlerDir?.remove()
    target = handlerDir = undefined
  })

  const start = async (): Promise<InProcessExecutor> => {
    handlerDir = await makeTempDir('jobdesk-batch-handlers-')
    await writeFile(join(handlerDir.dir, 'batch.mjs'), HANDLERS)
    target = await startInProcessExecutor({ handlerDirs: [handlerDir.dir], maxWorkers: 1, killGraceMs: 100 })
    return target
  }

  it('reports runs that finished before a spinning run whose thread was terminated', async () => {
    const target = await start()
    const long = triggerParam({ jobId: 61, executorHandler: 'longMessage', executorParams: '!' })
    const first = triggerParam({ jobId: 62, executorHandler: 'quick', executorParams: 'one' })
    const second = triggerParam({ jobId: 63, executorHandler: 'quiet' })
    const spinner = triggerParam({ jobId: 64, executorHandler: 'spin' })
    // One synchronous turn: the four runs reach the single worker in one message, in this order.
    const replies = [long, first, second, spinner].map((param) => target.api.run(param))
    expect((await Promise.all(replies)).map((reply) => reply.code)).toEqual([200, 200, 200, 200])
    await waitUntil('the spinner to be running', () => target.status().runningJobIds.join() === '64')
    expect((await target.api.kill(64)).code).toBe(200)
    expect(await target.waitForCallback(spinner.logId)).toMatchObject({ handleCode: 500, handleMsg: 'scheduling center kill job. [job running, killed]' })
    expect(await target.waitForCallback(first.logId)).toMatchObject({ handleCode: 200, handleMsg: 'quick one' })
    expect(await target.waitForCallback(second.logId)).toMatchObject({ handleCode: 200, handleMsg: null })
    // Too long for shared memory: posted before the next run started.
    expect(await target.waitForCallback(long.logId)).toMatchObject({ handleCode: 200, handleMsg: `${'x'.repeat(1000)}!` })
    await waitUntil('the spinning worker to be gone', () => target.status().workerCount === 0)
    const next = triggerParam({ jobId: 65, executorHandler: 'quick', executorParams: 'after' })
    await target.api.run(next)
    expect(await target.waitForCallback(next.logId)).toMatchObject({ handleCode: 200, handleMsg: 'quick after' })
  })

  it('reports runs that finished in the turn in which a handler ended its thread', async () => {
    const target = await start()
    const first = triggerParam({ jobId: 71, executorHandler: 'quick', executorParams: 'two' })
    const second = triggerParam({ jobId: 72, executorHandler: 'quiet' })
    const exiting = triggerParam({ jobId: 73, executorHandler: 'exitThread' })
    const replies = [first, second, exiting].map((param) => target.api.run(param))
    expect((await Promise.all(replies)).map((reply) => reply.code)).toEqual([200, 200, 200])
    expect(await target.waitForCallback(first.logId)).toMatchObject({ handleCode: 200, handleMsg: 'quick two' })
    expect(await target.waitForCallback(second.logId)).toMatchObject({ handleCode: 200, handleMsg: null })
    const crashed = await target.waitForCallback(exiting.logId)
    expect(crashed.handleCode).toBe(500)
    expect(crashed.handleMsg).toContain('runner worker exited unexpectedly')
  })
})
