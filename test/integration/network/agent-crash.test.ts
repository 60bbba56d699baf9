import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runStatus } from '../../../src/shared/model'
import { agentAt, DYING_REGISTRY, startAgentProcesses, SWEEP_LATENESS_MS } from '../../support/doomed-agents'
import { lanAgentArgs, startLanAdmin, type LanAdmin } from '../../support/lan-harness'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'
import { spawnAgent, type AgentProcess } from '../../support/wire-agent-process'

let admin: LanAdmin | undefined
let agent: AgentProcess | undefined
let logs: ReturnType<typeof makeTempDir> | undefined
let stopAgents: (() => void) | undefined
let counter: ReturnType<typeof makeTempDir> | undefined
afterEach(async () => {
  agent?.kill()
  stopAgents?.()
  await admin?.stop()
  logs?.remove()
  counter?.remove()
  admin = agent = logs = stopAgents = counter = undefined
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

  it('leaves its run running while the registration is fresh, then fails it as lost when the registry declares the agent dead', async () => {
    // The 10-minute lost-run rule as shipped: only the registry's verdict can end the run within the test.
    admin = await startLanAdmin({ registryTimings: DYING_REGISTRY })
    const address = await startAgentProcess('crashy')
    const job = await admin.addJob('crashy', { executorHandler: 'timedJobHandler', executorParam: '60000' })
    const logId = (await admin.headless.core.api.triggerJob({ jobId: job })).logIds[0]
    await waitFor('the run to be running', async () => runStatus(await admin!.headless.core.api.getRun(logId)) === 'running')

    agent!.child.kill('SIGKILL')
    const killedAtMs = Date.now()
    await waitFor('the agent suspect', async () => (await healthOf(address)) === 'suspect')
    // Suspect is not dead: the run goes on, the address stays listed.
    expect(runStatus(await admin.headless.core.api.getRun(logId))).toBe('running')
    expect(await admin.groupAddresses('crashy', 1)).toEqual([address])

    const lost = await waitFor('the run to be failed as lost', async () => {
      const run = await admin!.headless.core.api.getRun(logId)
      return run.handleCode !== 0 && run
    })
    expect(lost.handleCode).toBe(500)
    expect(lost.handleMsg).toMatch(/^Job result lost, marked as failure: executor \S+ was declared dead \(no beat for \d+ s\)/)
    expect(lost.handleMsg).toContain(address)
    expect(lost.handleTimeMs - killedAtMs).toBeLessThanOrEqual(DYING_REGISTRY.deadTimeoutMs + DYING_REGISTRY.sweepPeriodMs + SWEEP_LATENESS_MS)
    expect(await admin.groupAddresses('crashy', 0)).toEqual([])
  })

  it('retries a plain job whose agent died on the agent still alive', async () => {
    admin = await startLanAdmin({ registryTimings: DYING_REGISTRY, monitorTimings: { failMonitorPeriodMs: 100 } })
    const started = await startAgentProcesses(admin, 'pair', 2)
    stopAgents = started.stop
    counter = makeTempDir('jobdesk-hangs-once-')
    const counterFile = join(counter.path, 'attempts')
    const job = await admin.addJob('pair', { executorHandler: 'hangsOnceJobHandler', executorParam: counterFile, executorFailRetryCount: 2 })
    const api = admin.headless.core.api
    const logId = (await api.triggerJob({ jobId: job })).logIds[0]
    await waitFor('the run to hang on an agent', async () => runStatus(await api.getRun(logId)) === 'running' && existsSync(counterFile))
    const dead = (await api.getRun(logId)).executorAddress
    agentAt(started.agents, dead).process.child.kill('SIGKILL')

    const [first, retry] = await admin.finishedRuns(job, 2)
    expect(first).toMatchObject({ id: logId, handleCode: 500, executorAddress: dead })
    expect(first.handleMsg).toContain(`executor ${dead} was declared dead`)
    const live = started.agents.find((a) => a.address !== dead)!.address
    expect(retry).toMatchObject({ triggerType: 'RETRY', parentLogId: logId, executorFailRetryCount: 1, executorAddress: live, handleCode: 200 })
    expect(retry.handleMsg).toBe('attempt 2 succeeds')
  })
})

describe('an agent paused (SIGSTOP) mid-run', () => {
  it('keeps its run when it beats again within the dead timeout', async () => {
    admin = await startLanAdmin({ registryTimings: DYING_REGISTRY })
    const address = await startAgentProcess('paused')
    const job = await admin.addJob('paused', { executorHandler: 'timedJobHandler', executorParam: '1500' })
    const api = admin.headless.core.api
    const logId = (await api.triggerJob({ jobId: job })).logIds[0]
    await waitFor('the run to be running', async () => runStatus(await api.getRun(logId)) === 'running')

    agent!.child.kill('SIGSTOP')
    // Paused until it has missed a beat (suspect), far less than the dead timeout; then it goes on.
    await waitFor('the agent suspect', async () => (await healthOf(address)) === 'suspect')
    agent!.child.kill('SIGCONT')

    const run = await waitFor('the run to end', async () => {
      const r = await api.getRun(logId)
      return runStatus(r) !== 'running' && r
    })
    expect(run.handleCode, run.handleMsg).toBe(200)
    expect(JSON.parse(run.handleMsg)).toHaveProperty('endMs')
    await waitFor('the agent online', async () => (await healthOf(address)) === 'online')
  })

  it('has its run ended as lost when paused past the dead timeout, and its late callback refused and audited', async () => {
    admin = await startLanAdmin({ registryTimings: DYING_REGISTRY })
    const address = await startAgentProcess('late')
    const job = await admin.addJob('late', { executorHandler: 'timedJobHandler', executorParam: '1500' })
    const api = admin.headless.core.api
    const logId = (await api.triggerJob({ jobId: job })).logIds[0]
    await waitFor('the run to be running', async () => runStatus(await api.getRun(logId)) === 'running')

    agent!.child.kill('SIGSTOP')
    const lost = await waitFor('the run to be failed as lost', async () => {
      const run = await api.getRun(logId)
      return run.handleCode !== 0 && run
    })
    expect(lost.handleMsg).toContain(`executor ${address} was declared dead`)
    agent!.child.kill('SIGCONT')

    // Back, it registers again and sends its run's success: refused, as any callback for a run no longer open.
    await admin.groupAddresses('late', 1)
    const refusal = await waitFor('the late callback refused', async () => {
      const { entries } = await api.listAudit({ action: 'executor.callback', outcome: 'refused' })
      return entries.find((e) => JSON.stringify(e.detail.params).includes(`[${logId}]`))
    })
    expect(refusal.detail.params).toEqual({ logIds: [logId] })
    expect(await api.getRun(logId)).toMatchObject({ handleCode: 500, handleMsg: lost.handleMsg, handleTimeMs: lost.handleTimeMs })
  })
})
