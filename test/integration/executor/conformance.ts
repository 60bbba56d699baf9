import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ExecutorApi, ExecutorReply, HandleCallback, TriggerParam } from '../../../src/main/executor/executor-api'
import type { ExecutorStatus } from '../../../src/main/executor/executor-types'
import { newLogId, triggerParam, waitUntil } from '../../support/executor-fixtures'

/** What a conformance run needs from one ExecutorApi implementation (in-process, HTTP, …). */
export interface ConformanceTarget {
  api: ExecutorApi
  /** Resolves with the run's callback as the executor's callback sink received it. */
  waitForCallback(logId: number, timeoutMs?: number): Promise<HandleCallback>
  /** Makes the sink refuse the next `count` batches. Spool tests are skipped without it. */
  failNextCallbacks?(count: number): void
  /** The executor's log directory (spool checks). */
  logDir?: string
  /** Idle-exit checks are skipped without it. */
  status?(): ExecutorStatus
  /** Graceful-stop checks are skipped without it. */
  stop?(): Promise<void>
  teardown(): Promise<void>
}

export interface ConformanceSetupOptions {
  enableScripts: boolean
  idleRunnerExitMs: number
  callbackRetryMs: number
  shutdownGraceMs: number
}

const DEFAULTS: ConformanceSetupOptions = { enableScripts: false, idleRunnerExitMs: 60_000, callbackRetryMs: 200, shutdownGraceMs: 300 }
const RUNS_LONG = '60000'

/**
 * The executor contract (docs/protocol.md#executor-api), checked only through ExecutorApi and the callbacks its sink
 * receives, so the same suite runs against the in-process executor and against it behind HTTP.
 */
export function describeExecutorConformance(name: string, setup: (options: ConformanceSetupOptions) => Promise<ConformanceTarget>): void {
  describe(`executor conformance: ${name}`, () => {
    let target: ConformanceTarget
    let options: ConformanceSetupOptions
    const start = async (overrides: Partial<ConformanceSetupOptions> = {}) => {
      await target?.teardown()
      options = { ...DEFAULTS, ...overrides }
      target = await setup(options)
      return target
    }
    beforeEach(async () => {
      await start()
    })
    afterEach(async () => {
      await target.teardown()
    })

    const run = (param: TriggerParam) => target.api.run(param)
    const accepted = async (param: TriggerParam) => expect(await run(param)).toMatchObject({ code: 200 })
    const sleeper = (jobId: number, extra: Partial<TriggerParam> = {}) =>
      triggerParam({ jobId, executorHandler: 'sleepJobHandler', executorParams: RUNS_LONG, ...extra })
    const readLog = async (param: TriggerParam, fromLineNum: number) =>
      (await target.api.log({ logId: param.logId, logDateTime: param.logDateTime, fromLineNum })).data!
    /** Running = the handler wrote its first line (the sleep handler logs before sleeping). */
    const waitRunning = (param: TriggerParam) => waitUntil(`run ${param.logId} to start`, async () => (await readLog(param, 1)).logContent.includes('sleeping'))

    it('answers beat and idleBeat with success when the job has no lane', async () => {
      expect((await target.api.beat()).code).toBe(200)
      expect((await target.api.idleBeat(424242)).code).toBe(200)
    })

    it('runs a BEAN handler, reports it by callback and pages its run log', async () => {
      const param = triggerParam({ jobId: 1, executorParams: 'hello' })
      await accepted(param)
      expect(await target.waitForCallback(param.logId)).toMatchObject({ logId: param.logId, handleCode: 200 })
      const all = await readLog(param, 1)
      const lines = all.logContent.split('\n').slice(0, -1)
      expect(all.fromLineNum).toBe(1)
      expect(all.toLineNum).toBe(lines.length)
      expect(all.isEnd).toBe(false)
      expect(lines[0]).toMatch(
        /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} \[[^\]]+\]-\[\d+\]-\[[^\]]+\] <br>----------- xxl-job job execute start -----------<br>----------- Param:hello$/,
      )
      expect(all.logContent).toContain('hello')
      expect(all.logContent).toContain('Result: handleCode=200')

      const middle = await readLog(param, 2)
      expect(middle).toMatchObject({ fromLineNum: 2, toLineNum: lines.length, isEnd: false })
      expect(middle.logContent).toBe(
        lines
          .slice(1)
          .map((line) => `${line}\n`)
          .join(''),
      )

      expect(await readLog(param, lines.length + 5)).toEqual({ fromLineNum: lines.length + 5, toLineNum: 0, logContent: '', isEnd: false })
      const missing = await target.api.log({ logId: newLogId(), logDateTime: param.logDateTime, fromLineNum: 1 })
      expect(missing.data).toEqual({ fromLineNum: 1, toLineNum: 0, logContent: 'readLog fail, logFile not exists', isEnd: true })
    })

    it('serializes one job (SERIAL_EXECUTION): the second run starts after the first ended', async () => {
      const first = triggerParam({ jobId: 2, executorHandler: 'sleepJobHandler', executorParams: '400' })
      const second = triggerParam({ jobId: 2, executorHandler: 'sleepJobHandler', executorParams: '1' })
      await accepted(first)
      await accepted(second)
      const order: number[] = []
      await Promise.all([first, second].map((p) => target.waitForCallback(p.logId).then(() => order.push(p.logId))))
      expect(order).toEqual([first.logId, second.logId])
    })

    it('reports a busy lane to idleBeat and discards later triggers under DISCARD_LATER', async () => {
      const long = sleeper(3)
      await accepted(long)
      await waitRunning(long)
      expect(await target.api.idleBeat(3)).toMatchObject({ code: 500, msg: 'job thread is running or has trigger queue.' })
      const later = triggerParam({ jobId: 3, executorHandler: 'sleepJobHandler', executorBlockStrategy: 'DISCARD_LATER' })
      expect(await run(later)).toMatchObject({ code: 500, msg: 'block strategy effect：Discard Later' })
    })

    it('kills the running run for a COVER_EARLY trigger and runs the new one', async () => {
      const old = sleeper(4)
      await accepted(old)
      await waitRunning(old)
      const cover = triggerParam({ jobId: 4, executorHandler: 'sleepJobHandler', executorParams: '1', executorBlockStrategy: 'COVER_EARLY' })
      await accepted(cover)
      expect(await target.waitForCallback(old.logId)).toMatchObject({
        handleCode: 500,
        handleMsg: 'block strategy effect：Cover Early [job running, killed]',
      })
      expect(await target.waitForCallback(cover.logId)).toMatchObject({ handleCode: 200 })
    })

    it('refuses a logId that is already running or queued in the lane', async () => {
      const running = sleeper(5)
      const queued = sleeper(5)
      await accepted(running)
      await accepted(queued)
      expect(await run({ ...running })).toMatchObject({ code: 500, msg: `repeat trigger job, logId:${running.logId}` })
      expect(await run({ ...queued })).toMatchObject({ code: 500, msg: `repeat trigger job, logId:${queued.logId}` })
    })

    it('ends a run that exceeds executorTimeout with code 502', async () => {
      const param = sleeper(6, { executorTimeout: 1 })
      await accepted(param)
      expect(await target.waitForCallback(param.logId)).toMatchObject({ handleCode: 502, handleMsg: 'job execute timeout ' })
      expect((await readLog(param, 1)).logContent).toContain('job execute timeout')
    })

    it('kills the running run and fails the queued ones on kill', async () => {
      const running = sleeper(7)
      const queued = sleeper(7)
      await accepted(running)
      await accepted(queued)
      await waitRunning(running)
      expect(await target.api.kill(7)).toMatchObject({ code: 200 })
      expect(await target.waitForCallback(running.logId)).toMatchObject({
        handleCode: 500,
        handleMsg: 'scheduling center kill job. [job running, killed]',
      })
      expect(await target.waitForCallback(queued.logId)).toMatchObject({
        handleCode: 500,
        handleMsg: 'scheduling center kill job. [job not executed, in the job queue, killed.]',
      })
      expect((await target.api.idleBeat(7)).code).toBe(200)
    })

    it('answers kill of a job without lane with success and "job thread already killed."', async () => {
      const reply: ExecutorReply = await target.api.kill(515151)
      expect(reply.code).toBe(200)
      expect([reply.msg, reply.data]).toContain('job thread already killed.')
    })

    it('drops a lane as soon as its run ended; its worker goes after idleRunnerExitMs', async (ctx) => {
      if (!target.status) return ctx.skip()
      await start({ idleRunnerExitMs: 300 })
      const param = triggerParam({ jobId: 8 })
      await accepted(param)
      await target.waitForCallback(param.logId)
      // No wait: the lane went when the run ended, before its callback was sent.
      expect(target.status!().laneCount).toBe(0)
      expect((await target.api.idleBeat(8)).code).toBe(200)
      const reply = await target.api.kill(8)
      expect([reply.msg, reply.data]).toContain('job thread already killed.')
      await waitUntil('the idle worker to exit', () => target.status!().workerCount === 0)
    })

    it('applies DISCARD_LATER and COVER_EARLY to the trigger right after a run ended as to an idle job', async () => {
      const first = triggerParam({ jobId: 11, executorBlockStrategy: 'DISCARD_LATER' })
      await accepted(first)
      await target.waitForCallback(first.logId)
      const discardNext = sleeper(11, { executorBlockStrategy: 'DISCARD_LATER' })
      await accepted(discardNext)
      await waitRunning(discardNext)
      expect(await run(sleeper(11, { executorBlockStrategy: 'DISCARD_LATER' }))).toMatchObject({ code: 500, msg: 'block strategy effect：Discard Later' })

      const covered = triggerParam({ jobId: 12, executorBlockStrategy: 'COVER_EARLY' })
      await accepted(covered)
      expect(await target.waitForCallback(covered.logId)).toMatchObject({ handleCode: 200 })
      const coverNext = triggerParam({ jobId: 12, executorBlockStrategy: 'COVER_EARLY' })
      await accepted(coverNext)
      expect(await target.waitForCallback(coverNext.logId)).toMatchObject({ handleCode: 200 })
    })

    it('refuses unknown handlers, unknown glue types, Groovy and malformed triggers', async () => {
      expect(await run(triggerParam({ jobId: 9, executorHandler: 'noSuchHandler' }))).toMatchObject({
        code: 500,
        msg: 'job handler [noSuchHandler] not found.',
      })
      expect(await run(triggerParam({ jobId: 9, glueType: 'GLUE_FOO' }))).toMatchObject({ code: 500, msg: 'glueType[GLUE_FOO] is not valid.' })
      const groovy = await run(triggerParam({ jobId: 9, glueType: 'GLUE_GROOVY', glueSource: 'class X {}' }))
      expect(groovy.code).toBe(500)
      expect(groovy.msg).toContain('GLUE_GROOVY')
      const bad = await run({ ...triggerParam({ jobId: 9 }), jobId: 'nine' as unknown as number })
      expect(bad.code).toBe(500)
      expect(bad.msg).toContain('jobId')
      expect((await target.api.idleBeat(9)).code).toBe(200)
    })

    it('refuses script glue types while scripts are disabled', async () => {
      const reply = await run(triggerParam({ jobId: 10, glueType: 'GLUE_SHELL', executorHandler: '', glueSource: 'echo hi' }))
      expect(reply.code).toBe(500)
      // XXL-JOB's text first (admins match on it), then why and how to allow scripts.
      expect(reply.msg).toMatch(/^fail, current glue type \[GLUE_SHELL\] not supported\. Script jobs are switched off on this executor: .*--enable-scripts/)
    })

    it('runs a GLUE_SHELL script with its arguments when scripts are enabled', async () => {
      await start({ enableScripts: true })
      const script = '#!/bin/bash\necho "hello from shell args: $1 | $2 | $3"\nexit 0\n'
      const param = triggerParam({ jobId: 11, glueType: 'GLUE_SHELL', executorHandler: '', glueSource: script, executorParams: 'p1', broadcastTotal: 2 })
      await accepted(param)
      expect(await target.waitForCallback(param.logId)).toMatchObject({ handleCode: 200 })
      expect((await readLog(param, 1)).logContent).toContain('\nhello from shell args: p1 | 0 | 2\n')
      const failing = triggerParam({ jobId: 11, glueType: 'GLUE_SHELL', executorHandler: '', glueSource: 'exit 7\n' })
      await accepted(failing)
      expect(await target.waitForCallback(failing.logId)).toMatchObject({ handleCode: 500, handleMsg: 'script exit value(7) is failed' })
    })

    it('spools a refused callback batch to disk and deletes the file once a retry succeeds', async (ctx) => {
      if (!target.failNextCallbacks || !target.logDir) return ctx.skip()
      // Refuse every delivery until the spool file was seen: a retry pass right after the spool write
      // would otherwise deliver and delete it before a poll could see it (a race under load).
      target.failNextCallbacks(1_000_000)
      const param = triggerParam({ jobId: 12 })
      const spoolDir = join(target.logDir, 'callbacklogs')
      const spoolFiles = async () => (await readdir(spoolDir).catch(() => [] as string[])).filter((f) => f.endsWith('.log'))
      await accepted(param)
      let spooled: HandleCallback[] = []
      await waitUntil('the batch to be spooled', async () => {
        const files = await spoolFiles()
        if (files.length === 0) return false
        expect(files[0]).toMatch(/^xxl-job-callback-[0-9a-f]{32}\.log$/)
        spooled = JSON.parse(await readFile(join(spoolDir, files[0]), 'utf8'))
        return true
      })
      expect(spooled).toEqual([expect.objectContaining({ logId: param.logId, handleCode: 200 })])
      target.failNextCallbacks(0)
      expect(await target.waitForCallback(param.logId)).toMatchObject({ logId: param.logId, handleCode: 200 })
      await waitUntil('the spool file to be deleted', async () => (await spoolFiles()).length === 0)
      await waitUntil('the callback lines in the run log', async () => {
        const text = (await readLog(param, 1)).logContent
        return text.includes('callback fail') && text.includes('callback finish')
      })
    })

    it('on stop, kills running runs and fails queued ones with the shutdown reason', async (ctx) => {
      if (!target.stop) return ctx.skip()
      const running = sleeper(13)
      const queued = sleeper(13)
      await accepted(running)
      await accepted(queued)
      await waitRunning(running)
      await target.stop()
      expect(await target.waitForCallback(queued.logId)).toMatchObject({
        handleCode: 500,
        handleMsg: 'web container destroy and kill the job. [job not executed, in the job queue, killed.]',
      })
      expect(await target.waitForCallback(running.logId)).toMatchObject({
        handleCode: 500,
        handleMsg: 'web container destroy and kill the job. [job running, killed]',
      })
      expect((await run(triggerParam({ jobId: 14 }))).code).toBe(500)
    })
  })
}
