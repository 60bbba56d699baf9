import { afterEach, describe, expect, it } from 'vitest'
import { runStatus } from '../../../src/shared/model'
import { lanAgentArgs, startLanAdmin, type LanAdmin } from '../../support/lan-harness'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'
import { spawnAgent, type AgentProcess } from '../../support/wire-agent-process'

let admin: LanAdmin | undefined
let agent: AgentProcess | undefined
let logs: ReturnType<typeof makeTempDir> | undefined
afterEach(async () => {
  agent?.kill()
  await admin?.stop()
  logs?.remove()
  admin = agent = logs = undefined
})

async function startAgentProcess(appName: string): Promise<string> {
  logs = makeTempDir('jobdesk-agent-')
  agent = spawnAgent(lanAgentArgs(admin!.url, appName, logs.path))
  await agent.waitForOutput(/registering/)
  const [address] = await admin!.groupAddresses(appName, 1)
  return address
}

async function healthOf(address: string): Promise<string | undefined> {
  return (await admin!.headless.core.api.listRegistry()).find((e) => e.address === address)?.health
}

describe('an agent killed with -9 (seeds/002: crash)', () => {
  it('goes suspect, then dead, then leaves its group', async () => {
    admin = await startLanAdmin()
    const address = await startAgentProcess('doomed')
    expect(await healthOf(address)).toBe('online')
    agent!.child.kill('SIGKILL')
    await waitFor('suspect', async () => (await healthOf(address)) === 'suspect')
    await waitFor('dead', async () => (await healthOf(address)) === 'dead')
    expect(await admin.groupAddresses('doomed', 0)).toEqual([])
  })

  it('leaves its run running while the registration is fresh, then fails it as lost after expiry and the threshold', async () => {
    admin = await startLanAdmin({ monitorTimings: { lostRunThresholdMs: 2000, lostRunPeriodMs: 200 } })
    await startAgentProcess('crashy')
    const job = await admin.addJob('crashy', { executorHandler: 'timedJobHandler', executorParam: '60000' })
    const logId = (await admin.headless.core.api.triggerJob({ jobId: job })).logIds[0]
    await waitFor('the run to be running', async () => runStatus(await admin!.headless.core.api.getRun(logId)) === 'running')

    agent!.child.kill('SIGKILL')
    // Right after the crash nothing is known to be wrong yet: the run is running, the address listed.
    expect(runStatus(await admin.headless.core.api.getRun(logId))).toBe('running')
    expect(await admin.groupAddresses('crashy', 1)).toHaveLength(1)

    const lost = await waitFor('the run to be failed as lost', async () => {
      const run = await admin!.headless.core.api.getRun(logId)
      return run.handleCode !== 0 && run
    })
    expect(lost.handleCode).toBe(500)
    expect(lost.handleMsg).toContain('Job result lost, marked as failure')
    expect(lost.handleMsg).toContain('no longer registered')
    // Both conditions held: the registration had expired before the run was declared lost.
    expect(await admin.groupAddresses('crashy', 0)).toEqual([])
  })
})
