import { afterEach, describe, expect, it } from 'vitest'
import { runStatus, type JobInfo, type JobRun } from '../../../src/shared/model'
import { loopbackAgentArgs } from '../../support/agent-args'
import { BridgeClient } from '../../support/bridge-client'
import { startTestCore, TEST_HANDLERS_DIR, type TestCore } from '../../support/core-harness'
import { freePort } from '../../support/free-port'
import { startHeadlessChild, type HeadlessChild } from '../../support/headless-child'
import { jobInput } from '../../support/job-input'
import { FAST_REGISTRY, startLanAdmin, TEST_TOKEN, type LanAdmin } from '../../support/lan-harness'
import { makeTempDir } from '../../support/temp-dir'
import { LOST_RUN_GRACE_TIMING } from '../../support/trust-contract'
import { waitFor } from '../../support/wait-for'
import { spawnAgent, type AgentProcess } from '../../support/wire-agent-process'

/**
 * Issue 9, finding 7: runs stayed "running" forever when their executor came back on the same
 * address (an agent restarted after a crash knows nothing of them), and when a second JobDesk on the
 * same data folder kept the embedded address registered after the first died. Such a run ends as
 * lost, with a message saying why, after a short grace period. The lost-run threshold keeps its
 * 10-minute default here: these runs must not wait for it.
 */
const GRACE = { lostRunPeriodMs: 200, [LOST_RUN_GRACE_TIMING]: 500 }
/** Long enough for the check, a grace period and a loaded machine; far below the 10-min threshold. */
const ENDS_WITHIN_MS = 15_000

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

function agentOn(admin: LanAdmin, appName: string, port: number): AgentProcess {
  const logs = makeTempDir('jobdesk-agent-')
  const agent = spawnAgent(
    loopbackAgentArgs({
      admin: admin.url,
      token: TEST_TOKEN,
      appName,
      port,
      beatIntervalMs: FAST_REGISTRY.beatIntervalMs,
      handlers: TEST_HANDLERS_DIR,
      logPath: logs.path,
    }),
  )
  cleanups.push(
    () => agent.kill(),
    () => logs.remove(),
  )
  return agent
}

async function endedRun(read: () => Promise<JobRun>, what: string): Promise<JobRun> {
  return waitFor(
    what,
    async () => {
      const run = await read()
      return runStatus(run) !== 'running' && run
    },
    ENDS_WITHIN_MS,
  )
}

describe('a run whose executor no longer has it', () => {
  it('ends as lost when its agent comes back on the same address without it', async () => {
    const admin = await startLanAdmin({ monitorTimings: GRACE })
    cleanups.push(() => admin.stop())
    const port = await freePort()
    const first = agentOn(admin, 'restarting-app', port)
    await first.waitForOutput(/registering/)
    const [address] = await admin.groupAddresses('restarting-app', 1)
    const api = admin.headless.core.api
    const jobId = await admin.addJob('restarting-app', { executorHandler: 'timedJobHandler', executorParam: '600000' })
    const logId = (await api.triggerJob({ jobId })).logIds[0]
    await waitFor('the run to be running on the agent', async () => runStatus(await api.getRun(logId)) === 'running')

    first.child.kill('SIGKILL')
    await first.exited
    const second = agentOn(admin, 'restarting-app', port)
    await second.waitForOutput(/registered with/)

    const run = await endedRun(() => api.getRun(logId), `run ${logId} to end after its agent came back without it`)
    expect(run.handleCode).toBe(500)
    expect(run.handleMsg).toMatch(/lost/i)
    expect(run.handleMsg).toContain(address)
  })

  it('ends as lost when the JobDesk that ran it died while a second one on the same data folder lives on', async () => {
    const dir = makeTempDir('jobdesk-two-')
    cleanups.push(() => dir.remove())
    const dataDir = `${dir.path}/data`
    // The first JobDesk runs a long job on its embedded executor.
    const firstDesk: HeadlessChild = await startHeadlessChild({ dataDir, extraArgs: ['--handlers', TEST_HANDLERS_DIR] })
    cleanups.push(() => firstDesk.kill())
    const console1 = await BridgeClient.connect(firstDesk.origin, firstDesk.consoleToken)
    cleanups.push(() => console1.close())
    const groups = await console1.value<{ id: number; appName: string }[]>('listGroups')
    const embedded = groups.find((g) => g.appName === 'jobdesk-embedded')!.id
    const job = await console1.value<JobInfo>('saveJob', [
      jobInput(embedded, { scheduleType: 'NONE', scheduleConf: '', executorHandler: 'timedJobHandler', executorParam: '600000' }),
    ])
    const { logIds } = await console1.value<{ logIds: number[] }>('triggerJob', [{ jobId: job.id }])
    await waitFor('the run to be running', async () => runStatus(await console1.value<JobRun>('getRun', [logIds[0]])) === 'running')

    // A second JobDesk opens the same folder while the first lives, so it leaves that run alone.
    const secondDesk: TestCore = await startTestCore(
      { registryTimings: FAST_REGISTRY, monitorTimings: { ...GRACE, lostRunThresholdMs: 1000 }, shutdownGraceMs: 200 },
      dataDir,
    )
    cleanups.push(() => secondDesk.stop())
    expect(runStatus(await secondDesk.core.api.getRun(logIds[0]))).toBe('running')

    await firstDesk.kill()
    const run = await endedRun(() => secondDesk.core.api.getRun(logIds[0]), `run ${logIds[0]} of the dead JobDesk to end`)
    expect(run.handleCode).toBe(500)
    expect(run.handleMsg).toMatch(/lost|interrupted/i)
  })
})
