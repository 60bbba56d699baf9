import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { LOST_RUN_THRESHOLD_MS } from '../../../src/main/completion/lost-runs'
import { EMBEDDED_APP_NAME, runStatus, type JobRun } from '../../../src/shared/model'
import { agentAt, DYING_REGISTRY, startAgentProcesses, SWEEP_LATENESS_MS } from '../../support/doomed-agents'
import { addFlow, flowRunEnded, nodeOf, statesOf, type FlowHost } from '../../support/flow-harness'
import { startLanAdmin, type LanAdmin } from '../../support/lan-harness'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'

/**
 * A flow step whose LAN agent is killed for good (SIGKILL) mid-run: the step fails as lost once the
 * registry declares the agent dead — its dead timeout plus one sweep — not at XXL-JOB's 10-minute
 * lost-run rule, which keeps its default here. Its retry policy applies, and the flow goes on or
 * fails accordingly.
 */

const APP = 'flow-doomed'
/** A run ends lost this long after its agent's last beat at most. */
const DECLARED_DEAD_WITHIN_MS = DYING_REGISTRY.deadTimeoutMs + DYING_REGISTRY.sweepPeriodMs + SWEEP_LATENESS_MS

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function adminWithAgents(count: number) {
  // The fail monitor every 100 ms, so a retry does not wait XXL-JOB's 10 s; the lost-run rule as shipped.
  const admin = await startLanAdmin({ registryTimings: DYING_REGISTRY, monitorTimings: { failMonitorPeriodMs: 100 } })
  cleanups.push(() => admin.stop())
  const started = await startAgentProcesses(admin, APP, count)
  cleanups.push(() => started.stop())
  const counter = makeTempDir('jobdesk-hangs-once-')
  cleanups.push(() => counter.remove())
  return { admin, host: { core: admin.headless.core } as FlowHost, agents: started.agents, counterFile: join(counter.path, 'attempts') }
}

const runOf = (admin: LanAdmin, id: number): Promise<JobRun> => admin.headless.core.api.getRun(id)

/** Triggers the flow, waits until its `key` node's first run hangs on an agent, kills that agent; the flow run, the run and when it was killed. */
async function killStepMidRun(admin: LanAdmin, agents: Parameters<typeof agentAt>[0], flowId: number, key: string, counterFile: string) {
  const api = admin.headless.core.api
  const { flowRunId } = await api.triggerFlow({ flowId })
  const runId = await waitFor(`node ${key} running on an agent`, async () => {
    const [id] = nodeOf(await api.getFlowRun(flowRunId!), key).runIds
    return id !== undefined && runStatus(await runOf(admin, id)) === 'running' && existsSync(counterFile) && id
  })
  const address = (await runOf(admin, runId)).executorAddress
  const killedAtMs = Date.now()
  agentAt(agents, address).process.child.kill('SIGKILL')
  return { flowRunId: flowRunId!, runId, address, killedAtMs }
}

function expectDeclaredDead(run: JobRun, address: string, killedAtMs: number): void {
  expect(run).toMatchObject({ handleCode: 500, executorAddress: address })
  expect(run.handleMsg.replace(/\d+ s\)/, 'N s)')).toBe(
    `Job result lost, marked as failure: executor ${address} was declared dead (no beat for N s); retries, if any, follow.`,
  )
  // Its last beat came before the kill, so it was declared dead within the dead timeout plus one sweep of it.
  expect(run.handleTimeMs - killedAtMs).toBeLessThanOrEqual(DECLARED_DEAD_WITHIN_MS)
  expect(DECLARED_DEAD_WITHIN_MS).toBeLessThan(LOST_RUN_THRESHOLD_MS)
}

describe('a flow step whose agent is killed for good mid-run', () => {
  it('fails as lost at the dead sweep, is retried on the live agent, and the flow goes on with the retry', async () => {
    const { admin, host, agents, counterFile } = await adminWithAgents(2)
    const step = await admin.addJob(APP, { name: 'step', executorHandler: 'hangsOnceJobHandler', executorFailRetryCount: 1 })
    const after = await admin.addJob(EMBEDDED_APP_NAME, { name: 'after', executorHandler: 'echoJobHandler' })
    const flowId = await addFlow(
      host,
      'a step on a doomed agent',
      [
        { key: 'step', jobId: step, param: counterFile },
        { key: 'after', jobId: after, param: 'got ${nodes.step.output}' },
      ],
      ['step>after'],
    )
    const { flowRunId, runId, address, killedAtMs } = await killStepMidRun(admin, agents, flowId, 'step', counterFile)

    const run = await flowRunEnded(host, flowRunId)
    expect(run.state).toBe('success')
    expect(statesOf(run)).toEqual({ step: 'success', after: 'success' })
    const [first, retry] = await Promise.all(nodeOf(run, 'step').runIds.map((id) => runOf(admin, id)))
    expect(first.id).toBe(runId)
    expectDeclaredDead(first, address, killedAtMs)
    // The retry is the job's policy: one retry fewer, routed to the agent still alive.
    const live = agents.find((a) => a.address !== address)!.address
    expect(retry).toMatchObject({ triggerType: 'RETRY', parentLogId: first.id, executorFailRetryCount: 0, executorAddress: live, handleCode: 200 })
    expect(retry.handleMsg).toBe('attempt 2 succeeds')
    expect(nodeOf(run, 'after').output).toBe('got attempt 2 succeeds')
  }, 60_000)

  it('fails the flow when the step has no retry left: its downstream never runs', async () => {
    const { admin, host, agents, counterFile } = await adminWithAgents(1)
    const step = await admin.addJob(APP, { name: 'step', executorHandler: 'hangsOnceJobHandler' })
    const after = await admin.addJob(EMBEDDED_APP_NAME, { name: 'after', executorHandler: 'echoJobHandler' })
    const flowId = await addFlow(
      host,
      'a step without retries',
      [
        { key: 'step', jobId: step, param: counterFile },
        { key: 'after', jobId: after, param: 'never' },
      ],
      ['step>after'],
    )
    const { flowRunId, runId, address, killedAtMs } = await killStepMidRun(admin, agents, flowId, 'step', counterFile)

    const run = await flowRunEnded(host, flowRunId)
    expect(run.state).toBe('failed')
    expect(statesOf(run)).toEqual({ step: 'failed', after: 'upstream_failed' })
    expect(nodeOf(run, 'step').runIds).toEqual([runId])
    expectDeclaredDead(await runOf(admin, runId), address, killedAtMs)
    expect((await admin.headless.core.api.listRuns({ jobId: after })).runs).toHaveLength(0)
  }, 60_000)
})
