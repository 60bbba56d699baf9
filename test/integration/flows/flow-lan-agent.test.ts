import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { FlowRun } from '../../../src/shared/flow-types'
import { EMBEDDED_ADDRESS_PREFIX, EMBEDDED_APP_NAME, runStatus, type JobInput, type JobRun } from '../../../src/shared/model'
import { addFlow, flowRunEnded, nodeOf, runFlow, statesOf, type FlowHost } from '../../support/flow-harness'
import { lanAgentArgs, startLanAdmin, type LanAdmin } from '../../support/lan-harness'
import { makeTempDir } from '../../support/temp-dir'
import { waitFor } from '../../support/wait-for'
import { spawnAgent, type AgentProcess } from '../../support/wire-agent-process'

/**
 * A flow whose nodes run on two kinds of executor at once: JobDesk's LAN agent as a separate
 * process (the one operators start, over HTTP, with the test handlers loaded) and the admin's
 * embedded executor. Outputs cross the wire in both directions through `${nodes.<key>.output}`.
 */

const AGENT_APP = 'flow-lan'

let admin: LanAdmin | undefined
const agents: AgentProcess[] = []
const temps: ReturnType<typeof makeTempDir>[] = []
afterEach(async () => {
  agents.splice(0).forEach((a) => a.kill())
  await admin?.stop()
  temps.splice(0).forEach((t) => t.remove())
  admin = undefined
})

/** An admin (fail monitor every 100 ms, so a retry does not wait XXL-JOB's 10 s) and `count` agent processes of AGENT_APP; their addresses. */
async function adminWithAgents(count = 1): Promise<{ admin: LanAdmin; host: FlowHost; agentAddresses: string[] }> {
  admin = await startLanAdmin({ monitorTimings: { failMonitorPeriodMs: 100 } })
  const url = admin.url
  const started = Array.from({ length: count }, () => {
    const logs = makeTempDir('jobdesk-agent-')
    temps.push(logs)
    const agent = spawnAgent(lanAgentArgs(url, AGENT_APP, logs.path))
    agents.push(agent)
    return agent.waitForOutput(/registering/)
  })
  await Promise.all(started)
  const agentAddresses = await admin.groupAddresses(AGENT_APP, count)
  return { admin, host: { core: admin.headless.core }, agentAddresses }
}

async function adminWithAgent(): Promise<{ admin: LanAdmin; host: FlowHost; agentAddress: string }> {
  const { admin, host, agentAddresses } = await adminWithAgents(1)
  return { admin, host, agentAddress: agentAddresses[0] }
}

const onAgent = (admin: LanAdmin, name: string, overrides: Partial<JobInput> = {}) =>
  admin.addJob(AGENT_APP, { name, executorHandler: 'echoJobHandler', ...overrides })
const onEmbedded = (admin: LanAdmin, name: string) => admin.addJob(EMBEDDED_APP_NAME, { name, executorHandler: 'echoJobHandler' })

async function runsOf(admin: LanAdmin, ids: readonly number[]): Promise<JobRun[]> {
  return Promise.all(ids.map((id) => admin.headless.core.api.getRun(id)))
}

/** Every job run of the flow's jobs: the runs the flow made, and nothing else ran them. */
async function allRunIdsOf(admin: LanAdmin, jobIds: readonly number[]): Promise<number[]> {
  const pages = await Promise.all(jobIds.map((jobId) => admin.headless.core.api.listRuns({ jobId, limit: 100 })))
  return pages.flatMap((p) => p.runs.map((r) => r.id)).sort((a, b) => a - b)
}

const flowRunIds = (run: FlowRun) => run.nodes.flatMap((n) => n.runIds).sort((a, b) => a - b)

describe('a flow across a LAN agent process and the embedded executor', () => {
  it('passes outputs agent → embedded → agent, fans in once, and every node run is a FLOW run of the flow run', async () => {
    const { admin, host, agentAddress } = await adminWithAgent()
    const [extract, side, load, report] = [
      await onAgent(admin, 'extract'),
      await onAgent(admin, 'side'),
      await onEmbedded(admin, 'load'),
      await onAgent(admin, 'report'),
    ]
    const flowId = await addFlow(
      host,
      'across the LAN',
      [
        { key: 'extract', jobId: extract, param: 'rows:42 ü' },
        { key: 'side', jobId: side, param: 'side-${flow.param}' },
        { key: 'load', jobId: load, param: 'loaded ${nodes.extract.output}' },
        { key: 'report', jobId: report, param: '${nodes.load.output}|${nodes.side.output}' },
      ],
      ['extract>load', 'load>report', 'side>report'],
    )
    const run = await runFlow(host, flowId, 'P')

    expect(run.state).toBe('success')
    expect(statesOf(run)).toEqual({ extract: 'success', side: 'success', load: 'success', report: 'success' })
    expect(Object.fromEntries(run.nodes.map((n) => [n.key, n.output]))).toEqual({
      extract: 'rows:42 ü',
      side: 'side-P',
      load: 'loaded rows:42 ü',
      report: 'loaded rows:42 ü|side-P',
    })
    // Exactly once: one run per node, and the flow's jobs have no run the flow run does not list.
    for (const node of run.nodes) expect(node.runIds, node.key).toHaveLength(1)
    expect(await allRunIdsOf(admin, [extract, side, load, report])).toEqual(flowRunIds(run))

    const byKey = Object.fromEntries((await runsOf(admin, flowRunIds(run))).map((r) => [run.nodes.find((n) => n.runIds[0] === r.id)!.key, r]))
    for (const r of Object.values(byKey)) expect(r).toMatchObject({ triggerType: 'FLOW', triggerCode: 200, handleCode: 200 })
    // Each node ran where its job's group is, with its references resolved before it was sent.
    expect(byKey.extract.executorAddress).toBe(agentAddress)
    expect(byKey.side.executorAddress).toBe(agentAddress)
    expect(byKey.report.executorAddress).toBe(agentAddress)
    expect(byKey.load.executorAddress.startsWith(EMBEDDED_ADDRESS_PREFIX)).toBe(true)
    expect(byKey.load.executorParam).toBe('loaded rows:42 ü')
    expect(byKey.report.executorParam).toBe('loaded rows:42 ü|side-P')
    // The fan-in fired after both of its parents had ended.
    expect(byKey.report.triggerTimeMs).toBeGreaterThanOrEqual(Math.max(byKey.load.handleTimeMs, byKey.side.handleTimeMs))
    // The agent process itself ran it: its run log, read back from the agent, shows the parameter it got.
    const log = await admin.headless.core.api.getRunLog({ logId: byKey.report.id, fromLineNum: 1 })
    expect(log.logContent).toContain('echoJobHandler, param: loaded rows:42 ü|side-P')
  }, 60_000)

  it('retries a node that fails once on the agent as a RETRY run of the same node, then goes on with its output', async () => {
    const { admin, host, agentAddress } = await adminWithAgent()
    const counter = makeTempDir('jobdesk-flaky-')
    temps.push(counter)
    const counterFile = join(counter.path, 'attempts')
    const flaky = await onAgent(admin, 'flaky', { executorHandler: 'flakyJobHandler', executorFailRetryCount: 1 })
    const after = await onEmbedded(admin, 'after')
    const flowId = await addFlow(
      host,
      'a retry on the agent',
      [
        { key: 'flaky', jobId: flaky, param: `${counterFile}|1` },
        { key: 'after', jobId: after, param: 'got ${nodes.flaky.output}' },
      ],
      ['flaky>after'],
    )
    const run = await runFlow(host, flowId)

    expect(run.state).toBe('success')
    expect(statesOf(run)).toEqual({ flaky: 'success', after: 'success' })
    const flakyNode = nodeOf(run, 'flaky')
    expect(flakyNode.runIds).toHaveLength(2)
    const [first, retry] = await runsOf(admin, flakyNode.runIds)
    expect(first).toMatchObject({ triggerType: 'FLOW', handleCode: 500, handleMsg: 'attempt 1 fails', executorAddress: agentAddress })
    // The retry is the fail monitor's: one retry fewer, the same (resolved) parameter, naming the run it repeats.
    expect(retry).toMatchObject({
      triggerType: 'RETRY',
      parentLogId: first.id,
      executorFailRetryCount: 0,
      executorParam: `${counterFile}|1`,
      handleCode: 200,
      handleMsg: 'attempt 2 succeeds',
      executorAddress: agentAddress,
    })
    // The node's output is its last run's; the failed attempt decided nothing downstream.
    expect(flakyNode.output).toBe('attempt 2 succeeds')
    const afterNode = nodeOf(run, 'after')
    expect(afterNode.runIds).toHaveLength(1)
    expect(afterNode.output).toBe('got attempt 2 succeeds')
    const [afterRun] = await runsOf(admin, afterNode.runIds)
    expect(afterRun).toMatchObject({ triggerType: 'FLOW', executorParam: 'got attempt 2 succeeds' })
    expect(afterRun.triggerTimeMs).toBeGreaterThanOrEqual(retry.handleTimeMs)
    // The handler ran twice on the agent and no more; no other run of either job exists.
    expect(readFileSync(counterFile, 'utf8')).toBe('2')
    expect(await allRunIdsOf(admin, [flaky, after])).toEqual(flowRunIds(run))
  }, 60_000)

  it('ends a SHARDING_BROADCAST node only when every shard has ended, failed when one shard failed', async () => {
    const { admin, host, agentAddresses } = await adminWithAgents(2)
    const shards = await onAgent(admin, 'shards', { executorHandler: 'lateFailingShardJobHandler', executorRouteStrategy: 'SHARDING_BROADCAST' })
    const after = await onEmbedded(admin, 'after')
    const flowId = await addFlow(
      host,
      'a broadcast node',
      [
        { key: 'shards', jobId: shards, param: '1500' },
        { key: 'after', jobId: after, param: 'after ${nodes.shards.output}' },
      ],
      ['shards>after'],
    )
    const run = await runFlow(host, flowId)

    const shardRuns = await runsOf(admin, nodeOf(run, 'shards').runIds)
    expect(shardRuns.map((r) => [r.executorShardingParam, r.executorAddress, r.handleMsg]).sort()).toEqual([
      ['0/2', agentAddresses[0], 'shard 0 done'],
      ['1/2', agentAddresses[1], 'shard 1 failed'],
    ])
    // Shard 0's quick success did not decide the node: the late failure of shard 1 did.
    expect(statesOf(run)).toEqual({ shards: 'failed', after: 'upstream_failed' })
    expect(nodeOf(run, 'shards').output).toBe('shard 1 failed')
    expect(run.state).toBe('failed')
    expect(nodeOf(run, 'shards').endTimeMs).toBeGreaterThanOrEqual(Math.max(...shardRuns.map((r) => r.handleTimeMs)))
    expect((await admin.headless.core.api.listRuns({ jobId: after })).runs).toHaveLength(0)
  }, 60_000)

  it('kills every shard of a running SHARDING_BROADCAST node when the flow run is killed', async () => {
    const { admin, host } = await adminWithAgents(2)
    const shards = await onAgent(admin, 'long shards', { executorHandler: 'timedJobHandler', executorRouteStrategy: 'SHARDING_BROADCAST' })
    const flowId = await addFlow(host, 'a long broadcast', [{ key: 'shards', jobId: shards, param: '60000' }], [])
    const { flowRunId } = await admin.headless.core.api.triggerFlow({ flowId })
    const api = admin.headless.core.api
    const runIds = await waitFor('both shards running', async () => {
      const ids = nodeOf(await api.getFlowRun(flowRunId!), 'shards').runIds
      return ids.length === 2 && (await runsOf(admin, ids)).every((r) => runStatus(r) === 'running') && ids
    })
    await api.killFlowRun(flowRunId!)

    const ended = await flowRunEnded(host, flowRunId!)
    expect(ended.state).toBe('killed')
    expect(statesOf(ended)).toEqual({ shards: 'killed' })
    // Not only the latest run: every shard's run was killed, well before its 60 s were up.
    const killed = await waitFor('both shard runs ended', async () => {
      const runs = await runsOf(admin, runIds)
      return runs.every((r) => runStatus(r) !== 'running') && runs
    })
    for (const run of killed) expect(run.handleMsg, run.executorShardingParam).toMatch(/kill/i)
  }, 60_000)
})
