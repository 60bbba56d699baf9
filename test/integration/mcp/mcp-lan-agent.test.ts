import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Principal } from '../../../src/shared/principal'
import type { JobRun } from '../../../src/shared/model'
import { appEntryArgs } from '../../support/app-entry'
import { lanAgentArgs, startLanAdmin, type LanAdmin } from '../../support/lan-harness'
import { callTool, mcpOverHttp, READ_TOOLS } from '../../support/mcp-client'
import { makeTempDir } from '../../support/temp-dir'
import { spawnAgent, type AgentProcess } from '../../support/wire-agent-process'

/**
 * The MCP tools against a real LAN agent process: explain_failure on a run that failed there, over
 * HTTP and through `jobdesk mcp` on stdio (the process a desktop assistant launches), and no secret
 * value in any answer of any tool, though the job's runs carried one.
 */
const APP = 'mcp-lan'
const SECRET_VALUE = 'Mcp-Secret-Value-0123456789'

let admin: LanAdmin
let agent: AgentProcess
let agentAddress: string
let token: string
let failed: JobRun
let succeeded: JobRun
let secretRun: JobRun
const logs = makeTempDir('jobdesk-mcp-agent-')
const clients: Client[] = []

beforeAll(async () => {
  admin = await startLanAdmin()
  agent = spawnAgent(lanAgentArgs(admin.url, APP, logs.path))
  await agent.waitForOutput(/registering/)
  ;[agentAddress] = await admin.groupAddresses(APP, 1)
  const api = admin.headless.core.api
  const groupId = (await api.listGroups()).find((g) => g.appName === APP)!.id
  await api.setSecret({ name: 'db_pw', value: SECRET_VALUE })
  const jobId = await admin.addJob(APP, { name: 'nightly export', executorHandler: 'verdictJobHandler', executorParam: 'ok' })
  await api.triggerJob({ jobId })
  await api.triggerJob({ jobId, executorParam: 'disk full on /data' })
  await api.triggerJob({ jobId, executorParam: 'ok ${secrets.db_pw}' })
  await api.triggerJob({ jobId, executorParam: 'rejected ${secrets.db_pw}' })
  const runs = await admin.finishedRuns(jobId, 4)
  ;[succeeded, failed, secretRun] = runs
  const owner = await api.saveUser({ name: 'agent-owner', role: 'operator', groupIds: [groupId], password: 'agent-owner-pass-0123' })
  // The owner as a signed-in console would be: a token is made by a person.
  const signedIn: Principal = {
    kind: 'user',
    name: owner.name,
    userId: owner.id,
    role: 'operator',
    groupIds: [groupId],
    source: '127.0.0.1',
    mustChangePassword: false,
  }
  const created = await admin.headless.core.access.tokens.create(signedIn, {
    name: 'assistant',
    role: 'operator',
    groupIds: [groupId],
    expiresAtMs: 0,
    scope: 'mcp',
    mode: 'read',
  })
  token = created.token
}, 120_000)
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
  agent?.kill()
  await admin?.stop()
  logs.remove()
})

function expectExplained(report: Record<string, unknown>): void {
  const log = report.log as { failingLine: { text: string; lineNumber: number } }
  expect(log.failingLine.text).toContain('ERROR: disk full on /data')
  expect(report.executor).toMatchObject({ address: agentAddress, registered: true, health: 'online' })
  expect(report.lastSuccess).toMatchObject({ runId: succeeded.id, executorParam: 'ok', executorAddress: agentAddress, differs: ['executorParam'] })
  expect(report.failureStreak).toBe(1)
  expect(report.summary).toContain(agentAddress)
  expect(report.summary).toContain('ERROR: disk full on /data')
}

describe('explain_failure on a run that failed on a LAN agent', () => {
  it('over HTTP names the failing log line, the executor address and what differed from the last success', async () => {
    expect(failed.executorAddress).toBe(agentAddress)
    const client = await mcpOverHttp(admin.url, token)
    clients.push(client)
    const report = await callTool(client, 'explain_failure', { runId: failed.id })
    expect(report.ok).toBe(true)
    expectExplained(report.data)
  })

  it('through `jobdesk mcp` on stdio gives the same report, audited on the server via mcp', async () => {
    const [node, ...entry] = [process.execPath, ...appEntryArgs('cli')]
    const transport = new StdioClientTransport({
      command: node,
      args: [...entry, 'mcp', '--server', admin.url],
      env: { ...(process.env as Record<string, string>), JOBDESK_TOKEN: token },
      stderr: 'pipe',
    })
    const client = new Client({ name: 'desktop-assistant', version: '1.0.0' })
    await client.connect(transport)
    clients.push(client)
    expect((await client.listTools()).tools.map((t) => t.name)).toEqual(READ_TOOLS)
    const report = await callTool(client, 'explain_failure', { runId: failed.id })
    expectExplained(report.data)
    const denied = await callTool(client, 'trigger_job', { jobId: failed.jobId })
    expect(denied).toMatchObject({ ok: false })
    const audit = (await admin.headless.core.api.listAudit({ actor: 'agent-owner/assistant', action: 'mcp.tool' })).entries
    expect(audit.slice(0, 2).map((e) => [e.target, e.outcome, e.via])).toEqual([
      ['tool trigger_job', 'refused', 'mcp'],
      ['tool explain_failure', 'ok', 'mcp'],
    ])
  })
})

describe('no secret value in any answer', () => {
  it('of every read tool and resource, for a job whose runs carried a secret by reference', async () => {
    const client = await mcpOverHttp(admin.url, token)
    clients.push(client)
    const jobId = failed.jobId
    const answers: unknown[] = []
    for (const run of [failed, secretRun, { id: secretRun.id + 1 }]) {
      answers.push(await callTool(client, 'get_run', { runId: run.id }))
      answers.push(await callTool(client, 'get_run_log', { runId: run.id }))
      answers.push(await callTool(client, 'get_run_log', { runId: run.id, fromLine: 1 }))
      answers.push(await callTool(client, 'explain_failure', { runId: run.id }))
    }
    for (const [name, args] of [
      ['list_jobs', {}],
      ['get_job', { jobId }],
      ['list_runs', { jobId }],
      ['list_flows', {}],
      ['get_schedule', {}],
      ['list_queue', {}],
      ['list_executors', {}],
    ] as const) {
      answers.push(await callTool(client, name, args))
    }
    answers.push(await client.listResources())
    answers.push(await client.readResource({ uri: `jobdesk://jobs/${APP}/nightly%20export` }))
    answers.push(await client.readResource({ uri: `jobdesk://runs/${secretRun.id + 1}/log` }))
    const text = JSON.stringify(answers)
    // The runs did carry it: the reference is what the answers show, and the value was masked.
    expect(text).toContain('${secrets.db_pw}')
    expect(text).toContain('checking ok')
    expect(text).not.toContain(SECRET_VALUE)
  })
})
