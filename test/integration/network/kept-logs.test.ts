import { afterEach, describe, expect, it } from 'vitest'
import { FINAL_LOG_PULL_GRACE_MS } from '../../../src/main/agent/run-agent'
import { databaseFile } from '../../../src/main/app/data-dir'
import { openSqliteStore } from '../../../src/main/store/sqlite/open-sqlite-store'
import { runStatus, type LogPage } from '../../../src/shared/model'
import { lanAgentArgs, startLanAdmin, type LanAdmin } from '../../support/lan-harness'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'
import { spawnAgent, type AgentProcess } from '../../support/wire-agent-process'

/**
 * Issue 10.8: the log of every LAN run that ends — success, failure, kill, timeout, lost — is kept
 * while its executor is still there, and read from that copy (marked `source: 'kept'`) once the
 * executor is gone.
 */
let admin: LanAdmin | undefined
let agentProcess: AgentProcess | undefined
let logs: ReturnType<typeof makeTempDir> | undefined
afterEach(async () => {
  agentProcess?.kill()
  await admin?.stop()
  logs?.remove()
  admin = agentProcess = logs = undefined
})

const TIMINGS = { runLogKeepPeriodMs: 200, lostRunThresholdMs: 2000, lostRunPeriodMs: 200 }

async function readLog(logId: number): Promise<LogPage> {
  return admin!.headless.core.api.getRunLog({ logId, fromLineNum: 1 })
}

async function trigger(jobId: number): Promise<number> {
  return (await admin!.headless.core.api.triggerJob({ jobId })).logIds[0]
}

/**
 * Waits until the agent runs handler-directory jobs: a cold agent loads its handler modules in its
 * first runner thread (from TypeScript sources here), and on a loaded machine that can outlast the
 * admin's 3-s wait for /run, which fails the trigger. Retries a no-op run until one succeeds.
 */
async function handlersLoaded(appName: string): Promise<void> {
  const probe = await admin!.addJob(appName, { executorHandler: 'chattyJobHandler', executorParam: '0|0' })
  await waitFor(
    `${appName}'s handler modules to load`,
    async () => {
      const logId = await trigger(probe)
      const run = await waitFor('the probe to end', async () => {
        const r = await admin!.headless.core.api.getRun(logId)
        return (r.handleCode !== 0 || (r.triggerCode !== 0 && r.triggerCode !== 200)) && r
      })
      return run.handleCode === 200
    },
    60_000,
  )
}

/** Waits until the run has ended and its kept copy is final (the agent answered the last pull). */
async function keptAfterEnd(logId: number): Promise<void> {
  await waitFor(`run ${logId}'s final copy`, async () => (await admin!.headless.core.store.logTexts.get(logId))?.complete === true)
}

describe('logs outlive their LAN executor', () => {
  it('success and failure: read from the kept copy after the agent stopped', async () => {
    admin = await startLanAdmin({ monitorTimings: TIMINGS })
    const agent = await admin.startAgent('keep-ends')
    await admin.groupAddresses('keep-ends', 1)
    const ok = await admin.addJob('keep-ends', { executorParam: 'remember me' })
    const bad = await admin.addJob('keep-ends', { executorHandler: 'failJobHandler', executorParam: 'disk full' })
    const [okRun, badRun] = [await trigger(ok), await trigger(bad)]
    await keptAfterEnd(okRun)
    await keptAfterEnd(badRun)
    await agent.stop()

    const okPage = await readLog(okRun)
    expect(okPage).toMatchObject({ source: 'kept', isEnd: true, fromLineNum: 1 })
    expect(okPage.executorError).toBeUndefined()
    expect(okPage.logContent).toContain('demoJobHandler, param: remember me')
    expect(okPage.logContent).toContain('job callback finish')
    const badPage = await readLog(badRun)
    expect(badPage).toMatchObject({ source: 'kept', isEnd: true })
    expect(badPage.logContent).toContain('failJobHandler fails on purpose')
    expect(badPage.logContent).toContain('disk full')
    // Pages of the copy number lines as the executor did.
    const tail = await admin.headless.core.api.getRunLog({ logId: okRun, fromLineNum: 2 })
    expect(tail.fromLineNum).toBe(2)
    expect(tail.toLineNum).toBe(okPage.toLineNum)
    expect(tail.logContent).toBe(okPage.logContent.split('\n').slice(1).join('\n'))
  })

  it('kill and timeout: the end the executor wrote is kept, readable after the agent stopped', async () => {
    admin = await startLanAdmin({ monitorTimings: TIMINGS })
    const agent = await admin.startAgent('keep-kills')
    await admin.groupAddresses('keep-kills', 1)
    await handlersLoaded('keep-kills')
    const long = await admin.addJob('keep-kills', { executorHandler: 'chattyJobHandler', executorParam: '3|60000' })
    const timed = await admin.addJob('keep-kills', { executorHandler: 'chattyJobHandler', executorParam: '2|60000', executorTimeoutSec: 1 })
    const killedRun = await trigger(long)
    const timedRun = await trigger(timed)
    await waitFor('the long run to be running', async () => runStatus(await admin!.headless.core.api.getRun(killedRun)) === 'running')
    await admin.headless.core.api.killRun(killedRun)
    await keptAfterEnd(killedRun)
    await waitFor('the timed run to time out', async () => (await admin!.headless.core.api.getRun(timedRun)).handleCode === 502)
    await keptAfterEnd(timedRun)
    await agent.stop()

    const killedPage = await readLog(killedRun)
    expect(killedPage).toMatchObject({ source: 'kept', isEnd: true })
    expect(killedPage.logContent).toContain('chatty line 3')
    expect(killedPage.logContent).toContain('killed')
    const timedPage = await readLog(timedRun)
    expect(timedPage).toMatchObject({ source: 'kept', isEnd: true })
    // What the executor wrote from the start to the end (on a loaded machine the 1-s timeout may
    // strike before the handler's own first line, so the test does not insist on those).
    expect(timedPage.logContent).toContain('Param:2|60000')
    expect(timedPage.logContent).toContain('handleCode=502')
    expect(timedPage.logContent).toContain('job callback finish')
  })

  it('lost: an agent killed -9 mid-run leaves the lines copied while it ran, and says why it was not asked', async () => {
    admin = await startLanAdmin({ monitorTimings: TIMINGS })
    logs = makeTempDir('jobdesk-agent-')
    agentProcess = spawnAgent(lanAgentArgs(admin.url, 'keep-lost', logs.path))
    await agentProcess.waitForOutput(/registering/)
    await admin.groupAddresses('keep-lost', 1)
    await handlersLoaded('keep-lost')
    const job = await admin.addJob('keep-lost', { executorHandler: 'chattyJobHandler', executorParam: '5|60000' })
    const logId = await trigger(job)
    // Copied while it runs: the lines reach the database before anything goes wrong.
    await waitFor('the running log to be copied', async () => (await admin!.headless.core.store.logTexts.get(logId))?.text.includes('chatty line 5'))

    agentProcess.child.kill('SIGKILL')
    await agentProcess.exited
    const lost = await waitFor('the run to be failed as lost', async () => {
      const run = await admin!.headless.core.api.getRun(logId)
      return run.handleCode !== 0 && run
    })
    expect(lost.handleMsg).toContain('Job result lost')

    const page = await readLog(logId)
    expect(page.source).toBe('kept')
    expect(page.isEnd).toBe(true)
    expect(page.logContent).toContain('chatty line 5')
    expect(page.executorError).toMatch(/ECONNREFUSED/)
    // A tail asking past the copy gets an empty page, still marked, not an error text as log lines.
    const past = await admin.headless.core.api.getRunLog({ logId, fromLineNum: page.toLineNum + 1 })
    expect(past).toMatchObject({ toLineNum: 0, logContent: '', source: 'kept', isEnd: true })
  })

  it('a run that ended just before JobDesk stopped gracefully keeps its last line, written after the callback', async () => {
    // No periodic copies: what is kept comes from the pulls at the end.
    admin = await startLanAdmin({ monitorTimings: { ...TIMINGS, runLogKeepPeriodMs: 3_600_000 } })
    await admin.startAgent('keep-stop')
    await admin.groupAddresses('keep-stop', 1)
    const job = await admin.addJob('keep-stop', { executorParam: 'last words' })
    const logId = await trigger(job)
    await waitFor('the run to end', async () => (await admin!.headless.core.api.getRun(logId)).handleCode === 200)
    await admin.headless.stop()

    const store = openSqliteStore(databaseFile(admin.dataDir))
    try {
      const copy = (await store.logTexts.get(logId))!
      expect(copy.text).toContain('demoJobHandler, param: last words')
      expect(copy.text).toContain('job callback finish')
      expect(copy.complete).toBe(true)
    } finally {
      await store.close()
    }
  })

  it('a run that ended just before its agent stopped gracefully keeps its last line: the agent waits for the final pull', async () => {
    admin = await startLanAdmin({ monitorTimings: { ...TIMINGS, runLogKeepPeriodMs: 3_600_000 } })
    const agent = await admin.startAgent('keep-agent-stop', {}, { finalLogPullGraceMs: FINAL_LOG_PULL_GRACE_MS })
    await admin.groupAddresses('keep-agent-stop', 1)
    const job = await admin.addJob('keep-agent-stop', { executorParam: 'last words' })
    const logId = await trigger(job)
    await waitFor('the run to end', async () => (await admin!.headless.core.api.getRun(logId)).handleCode === 200)
    await agent.stop()
    await keptAfterEnd(logId)
    const page = await readLog(logId)
    expect(page).toMatchObject({ source: 'kept', isEnd: true })
    expect(page.logContent).toContain('demoJobHandler, param: last words')
    expect(page.logContent).toContain('job callback finish')
  })

  it('answers from the executor while it is there (no source mark) and keeps what it read', async () => {
    admin = await startLanAdmin({ monitorTimings: { ...TIMINGS, runLogKeepPeriodMs: 3_600_000 } })
    await admin.startAgent('keep-live')
    await admin.groupAddresses('keep-live', 1)
    await handlersLoaded('keep-live')
    const job = await admin.addJob('keep-live', { executorHandler: 'chattyJobHandler', executorParam: '4|60000' })
    const logId = await trigger(job)
    const page = await waitFor('the four lines', async () => {
      const read = await readLog(logId)
      return read.logContent.includes('chatty line 4') && read
    })
    expect(page.source).toBeUndefined()
    expect(page.isEnd).toBe(false)
    // The periodic copy is an hour away here: what the reads brought was kept, as far as they read.
    const copy = (await admin.headless.core.store.logTexts.get(logId))!
    expect(copy.complete).toBe(false)
    expect(copy.lineCount).toBeGreaterThanOrEqual(page.toLineNum)
    expect(copy.text.startsWith(page.logContent)).toBe(true)
    await admin.headless.core.api.killRun(logId)
  })
})
