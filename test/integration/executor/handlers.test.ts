import { mkdir, writeFile } from 'node:fs/promises'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { LogPage } from '../../../src/shared/model'
import { makeTempDir, triggerParam, waitUntil } from '../../support/executor-fixtures'
import { startInProcessExecutor, type InProcessExecutor } from '../../support/executor-in-process'

const HANDLER_MODULE = `
export function echoContext(ctx) {
  ctx.log('context seen', { param: ctx.param })
  return { code: 200, msg: JSON.stringify({
    param: ctx.param, shardIndex: ctx.shardIndex, shardTotal: ctx.shardTotal, logId: ctx.logId, jobId: ctx.jobId,
    signal: ctx.signal instanceof AbortSignal && !ctx.signal.aborted,
  }) }
}
export function spin(ctx) {
  ctx.log('spinning')
  for (;;) {}
}
export function crashLater() {
  setTimeout(() => { throw new Error('handler blew up outside the run') }, 0)
  return new Promise(() => {})
}
export function throwing() {
  throw new TypeError('bad input from the handler')
}
export async function ticker(ctx) {
  for (let i = 1; i <= 5; i++) {
    ctx.log('tick ' + i)
    await new Promise((resolve) => setTimeout(resolve, 30))
  }
  return 'ticked'
}
export const notAHandler = 42
`

describe('handlers on runner worker threads', () => {
  let handlerDir: { dir: string; remove(): Promise<void> }
  let target: InProcessExecutor
  let server: Server
  let baseUrl = ''

  beforeAll(async () => {
    handlerDir = await makeTempDir('jobdesk-handlers-')
    await mkdir(handlerDir.dir, { recursive: true })
    await writeFile(join(handlerDir.dir, 'ops.mjs'), HANDLER_MODULE)
    server = createServer((request, response) => {
      response.statusCode = request.url === '/ok' ? 200 : 404
      response.end(request.url === '/ok' ? 'all good' : 'nothing here')
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
    await handlerDir.remove()
  })
  afterEach(async () => {
    await target?.teardown()
  })

  const start = async () => {
    target = await startInProcessExecutor({ handlerDirs: [handlerDir.dir], httpAllowPrefixes: [`${baseUrl}/`], killGraceMs: 200 })
  }

  it('loads handler-directory exports and gives them the run context', async () => {
    await start()
    const param = triggerParam({ jobId: 31, executorHandler: 'echoContext', executorParams: 'p-1', broadcastIndex: 1, broadcastTotal: 3 })
    expect((await target.api.run(param)).code).toBe(200)
    const callback = await target.waitForCallback(param.logId)
    expect(callback.handleCode).toBe(200)
    expect(JSON.parse(callback.handleMsg!)).toEqual({ param: 'p-1', shardIndex: 1, shardTotal: 3, logId: param.logId, jobId: 31, signal: true })
    const log = await target.api.log({ logId: param.logId, logDateTime: param.logDateTime, fromLineNum: 1 })
    expect(log.data!.logContent).toMatch(/\[ops\.mjs#echoContext\]-\[\d+\]-\[[^\]]+\] context seen \{"param":"p-1"\}/)
    expect((await target.api.run(triggerParam({ jobId: 31, executorHandler: 'notAHandler' }))).msg).toBe('job handler [notAHandler] not found.')
  })

  it('echoJobHandler logs its parameter and returns it as the handle message', async () => {
    await start()
    const param = triggerParam({ jobId: 38, executorHandler: 'echoJobHandler', executorParams: 'rows=42' })
    expect((await target.api.run(param)).code).toBe(200)
    expect(await target.waitForCallback(param.logId)).toMatchObject({ handleCode: 200, handleMsg: 'rows=42' })
    const log = await target.api.log({ logId: param.logId, logDateTime: param.logDateTime, fromLineNum: 1 })
    expect(log.data!.logContent).toMatch(/\[jobdesk\.BuiltinHandlers#echoJobHandler\]-\[0\]-\[[^\]]+\] echoJobHandler, param: rows=42/)
  })

  it('fails a throwing handler with code 500 and the stack', async () => {
    await start()
    const param = triggerParam({ jobId: 32, executorHandler: 'throwing' })
    await target.api.run(param)
    const callback = await target.waitForCallback(param.logId)
    expect(callback.handleCode).toBe(500)
    expect(callback.handleMsg).toContain('TypeError: bad input from the handler')
    expect(callback.handleMsg).toMatch(/\n\s+at /)
  })

  it('stops a busy-looping handler on kill by terminating its worker', async () => {
    await start()
    const param = triggerParam({ jobId: 33, executorHandler: 'spin' })
    await target.api.run(param)
    await waitUntil('the spin handler to start', async () =>
      (await target.api.log({ logId: param.logId, logDateTime: param.logDateTime, fromLineNum: 1 })).data!.logContent.includes('spinning'),
    )
    const workersWhileSpinning = target.status().workerCount
    expect(target.status().runningJobIds).toEqual([33])
    expect((await target.api.kill(33)).code).toBe(200)
    expect(await target.waitForCallback(param.logId)).toMatchObject({ handleCode: 500, handleMsg: 'scheduling center kill job. [job running, killed]' })
    await waitUntil('the spinning worker to be terminated', () => target.status().workerCount < workersWhileSpinning)
    // The executor still runs other jobs afterwards.
    const next = triggerParam({ jobId: 34 })
    await target.api.run(next)
    expect((await target.waitForCallback(next.logId)).handleCode).toBe(200)
  })

  it('fails the run of a worker that crashes, with a clear message', async () => {
    await start()
    const param = triggerParam({ jobId: 35, executorHandler: 'crashLater' })
    await target.api.run(param)
    const callback = await target.waitForCallback(param.logId)
    expect(callback.handleCode).toBe(500)
    expect(callback.handleMsg).toContain('runner worker exited unexpectedly')
    expect(callback.handleMsg).toContain('handler blew up outside the run')
    expect(target.status().runningJobIds).toEqual([])
  })

  it('httpJobHandler calls an allowed URL, fails on non-2xx and refuses other prefixes', async () => {
    await start()
    const ok = triggerParam({ jobId: 36, executorHandler: 'httpJobHandler', executorParams: JSON.stringify({ url: `${baseUrl}/ok` }) })
    await target.api.run(ok)
    expect(await target.waitForCallback(ok.logId)).toMatchObject({ handleCode: 200, handleMsg: 'http status 200' })
    const okLog = await target.api.log({ logId: ok.logId, logDateTime: ok.logDateTime, fromLineNum: 1 })
    expect(okLog.data!.logContent).toContain('status: 200')
    expect(okLog.data!.logContent).toContain('body: all good')

    const missing = triggerParam({
      jobId: 36,
      executorHandler: 'httpJobHandler',
      executorParams: JSON.stringify({ url: `${baseUrl}/missing`, method: 'post', body: { a: 1 } }),
    })
    await target.api.run(missing)
    expect(await target.waitForCallback(missing.logId)).toMatchObject({ handleCode: 500, handleMsg: `http status 404 from ${baseUrl}/missing` })

    const refused = triggerParam({ jobId: 36, executorHandler: 'httpJobHandler', executorParams: JSON.stringify({ url: 'http://127.0.0.2:9/x' }) })
    await target.api.run(refused)
    const refusedCallback = await target.waitForCallback(refused.logId)
    expect(refusedCallback.handleCode).toBe(500)
    expect(refusedCallback.handleMsg).toContain('is not allowed on this executor')

    const malformed = triggerParam({ jobId: 36, executorHandler: 'httpJobHandler', executorParams: '{url:' })
    await target.api.run(malformed)
    expect((await target.waitForCallback(malformed.logId)).handleMsg).toContain('param: must be JSON')
  })

  it('watchLog pushes the lines a running handler writes, as contiguous pages', async () => {
    await start()
    const param = triggerParam({ jobId: 37, executorHandler: 'ticker' })
    const pages: LogPage[] = []
    let unwatch = (): void => {}
    const sawLastTick = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no "tick 5" pushed within 20 s')), 20_000)
      unwatch = target.executor.watchLog({ logId: param.logId, logDateTime: param.logDateTime, fromLineNum: 1 }, (page) => {
        pages.push(page)
        if (page.logContent.includes('tick 5')) {
          clearTimeout(timer)
          resolve()
        }
      })
    })
    await target.api.run(param)
    await sawLastTick
    unwatch()
    expect(pages[0].fromLineNum).toBe(1)
    for (let i = 1; i < pages.length; i++) expect(pages[i].fromLineNum).toBe(pages[i - 1].toLineNum + 1)
    const text = pages.map((page) => page.logContent).join('')
    expect(text.indexOf('execute start')).toBeLessThan(text.indexOf('tick 1'))
    for (let i = 1; i <= 4; i++) expect(text.indexOf(`tick ${i}`)).toBeLessThan(text.indexOf(`tick ${i + 1}`))
  })
})
