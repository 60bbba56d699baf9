import { afterEach, describe, expect, it } from 'vitest'
import type { TriggerParam } from '../../../src/main/executor/executor-api'
import { triggerParam, waitUntil } from '../../support/executor-fixtures'
import { startInProcessExecutor, type InProcessExecutor } from '../../support/executor-in-process'
import { processGroupMembers } from '../../support/executor-process-tree'

/**
 * Prints its pid — also its process group id, as the executor starts scripts in a new session — then
 * waits on a grandchild that would live for 5 minutes.
 */
const SLEEPY_SCRIPT = '#!/bin/bash\necho "pgid=$$"\nsleep 300 &\nwait\n'

describe.skipIf(process.platform !== 'linux')('kill that kills: script process trees', () => {
  let target: InProcessExecutor
  afterEach(async () => {
    await target?.teardown()
  })

  async function startSleepyScript(jobId: number, extra: Partial<TriggerParam> = {}): Promise<{ param: TriggerParam; pgid: number }> {
    const param = triggerParam({ jobId, glueType: 'GLUE_SHELL', executorHandler: '', glueSource: SLEEPY_SCRIPT, ...extra })
    expect((await target.api.run(param)).code).toBe(200)
    let pgid = 0
    await waitUntil('the script to report its process group', async () => {
      const page = await target.api.log({ logId: param.logId, logDateTime: param.logDateTime, fromLineNum: 1 })
      const match = /pgid=(\d+)/.exec(page.data?.logContent ?? '')
      if (match) pgid = Number(match[1])
      return pgid > 0
    })
    // bash and its `sleep 300`.
    await waitUntil('the sleep grandchild to start', () => processGroupMembers(pgid).length >= 2)
    return { param, pgid }
  }

  it('kill ends the script and every process it started', async () => {
    target = await startInProcessExecutor({ enableScripts: true, killGraceMs: 200 })
    const { param, pgid } = await startSleepyScript(21)
    expect((await target.api.kill(21)).code).toBe(200)
    expect(await target.waitForCallback(param.logId)).toMatchObject({
      handleCode: 500,
      handleMsg: 'scheduling center kill job. [job running, killed]',
    })
    await waitUntil('the process group to be gone', () => processGroupMembers(pgid).length === 0)
  })

  it('executorTimeout ends the whole tree and reports 502', async () => {
    target = await startInProcessExecutor({ enableScripts: true, killGraceMs: 200 })
    const { param, pgid } = await startSleepyScript(22, { executorTimeout: 2 })
    expect(await target.waitForCallback(param.logId)).toMatchObject({ handleCode: 502, handleMsg: 'job execute timeout ' })
    await waitUntil('the process group to be gone', () => processGroupMembers(pgid).length === 0)
  })

  it('COVER_EARLY ends the old tree before the new run', async () => {
    target = await startInProcessExecutor({ enableScripts: true, killGraceMs: 200 })
    const { param, pgid } = await startSleepyScript(23)
    const cover = triggerParam({
      jobId: 23,
      glueType: 'GLUE_SHELL',
      executorHandler: '',
      glueSource: SLEEPY_SCRIPT,
      executorBlockStrategy: 'COVER_EARLY',
      executorTimeout: 1,
    })
    expect((await target.api.run(cover)).code).toBe(200)
    expect(await target.waitForCallback(param.logId)).toMatchObject({
      handleCode: 500,
      handleMsg: 'block strategy effect：Cover Early [job running, killed]',
    })
    await waitUntil('the old process group to be gone', () => processGroupMembers(pgid).length === 0)
    expect((await target.waitForCallback(cover.logId)).handleCode).toBe(502)
  })

  it('a script whose configured interpreter is missing fails with a clear message', async () => {
    target = await startInProcessExecutor({ enableScripts: true, nodeInterpreter: '/nonexistent/bin/node' })
    const param = triggerParam({ jobId: 24, glueType: 'GLUE_NODEJS', executorHandler: '', glueSource: 'console.log("hi")' })
    expect((await target.api.run(param)).code).toBe(200)
    const callback = await target.waitForCallback(param.logId)
    expect(callback.handleCode).toBe(500)
    expect(callback.handleMsg).toContain('script interpreter not found: "/nonexistent/bin/node" (the configured Node interpreter, --node-interpreter)')
  })

  it('a script whose interpreter is not on PATH fails with a clear message', async () => {
    target = await startInProcessExecutor({ enableScripts: true })
    const path = process.env.PATH
    // An empty PATH makes every interpreter missing, whatever this machine has installed.
    process.env.PATH = ''
    try {
      const param = triggerParam({ jobId: 25, glueType: 'GLUE_PYTHON', executorHandler: '', glueSource: 'print("hi")' })
      expect((await target.api.run(param)).code).toBe(200)
      const callback = await target.waitForCallback(param.logId)
      expect(callback.handleCode).toBe(500)
      expect(callback.handleMsg).toContain('script interpreter not found: "python3" is not on this executor\'s PATH (needed for GLUE_PYTHON)')
    } finally {
      process.env.PATH = path
    }
  })
})
