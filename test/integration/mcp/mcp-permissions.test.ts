import type { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ApiTokenView, CreatedApiToken, McpMode } from '../../../src/shared/auth'
import { AuthHarness } from '../../support/auth-harness'
import type { BridgeClient } from '../../support/bridge-client'
import { callTool, mcpOverHttp, OPERATE_TOOLS, READ_TOOLS } from '../../support/mcp-client'
import { postEnvelope } from '../../support/raw-http'
import { addFlow, flowRunWhere } from '../../support/flow-harness'
import { MCP_ERRORS, MCP_LIMIT } from '../../../src/main/mcp/mcp-route'

/**
 * Issue: agents through MCP with least privilege. An MCP token acts as its owner (op-a: operator of
 * group A) at most, in its mode; every tool call is audited via mcp; the token works at /mcp only.
 */
let auth: AuthHarness
let operator: BridgeClient
const clients: Client[] = []

beforeAll(async () => {
  auth = await AuthHarness.start()
  operator = (await auth.console('op-a')).bridge
}, 60_000)
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()))
  operator?.close()
  await auth?.stop()
})

async function mcpToken(name: string, mode: McpMode): Promise<string> {
  const groupA = auth.h.fixture.embeddedGroupId
  return (await operator.value<CreatedApiToken>('createApiToken', [{ name, role: 'operator', groupIds: [groupA], scope: 'mcp', mode }])).token
}

async function connect(token: string): Promise<Client> {
  const client = await mcpOverHttp(auth.origin, token)
  clients.push(client)
  return client
}

async function post(path: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  const response = await fetch(new URL(path, auth.origin), { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body })
  return { status: response.status, text: await response.text() }
}

const auditOf = async (actor: string) => (await auth.h.headless.core.api.listAudit({ actor, limit: 1000 })).entries

describe('an MCP token', () => {
  it('of read mode is offered the read tools only, each read-only; one of operate mode the operate tools too, the destructive ones marked', async () => {
    const read = await connect(await mcpToken('reader', 'read'))
    const readTools = (await read.listTools()).tools
    expect(readTools.map((t) => t.name)).toEqual(READ_TOOLS)
    expect(readTools.every((t) => t.annotations?.readOnlyHint === true && t.inputSchema.type === 'object' && t.outputSchema?.type === 'object')).toBe(true)

    const operate = await connect(await mcpToken('operator-agent', 'operate'))
    const operateTools = (await operate.listTools()).tools
    expect(operateTools.map((t) => t.name)).toEqual([...READ_TOOLS, ...OPERATE_TOOLS])
    const destructive = operateTools.filter((t) => t.annotations?.destructiveHint === true).map((t) => t.name)
    expect(destructive).toEqual(['kill_run', 'decide_approval'])
    expect(operateTools.filter((t) => OPERATE_TOOLS.includes(t.name)).every((t) => t.annotations?.readOnlyHint === false)).toBe(true)
  })

  it('of read mode cannot trigger: the call is refused, audited as refused via mcp, and nothing but the audit trail changes', async () => {
    const client = await connect(await mcpToken('read-only', 'read'))
    const { result, changed } = await auth.h.tablesChangedBy(() => callTool(client, 'trigger_job', { jobId: auth.h.fixture.jobA }))
    expect(result.ok).toBe(false)
    expect(result.text).toContain('read-only')
    expect(changed).toEqual(['job_audit'])
    const [refusal] = await auditOf('op-a/read-only')
    expect(refusal).toMatchObject({ action: 'mcp.tool', outcome: 'refused', via: 'mcp', actorKind: 'personal-token', target: 'tool trigger_job' })
    expect(refusal.detail.reason?.code).toBe('mcp.readOnlyToken')
  })

  it("of operate mode for group A triggers A's job, and cannot touch group B's: refused as not found, audited", async () => {
    const client = await connect(await mcpToken('operate-a', 'operate'))
    const triggered = await callTool(client, 'trigger_job', { jobId: auth.h.fixture.jobA })
    expect(triggered.ok).toBe(true)
    const [runId] = triggered.data.runIds as number[]
    expect((await auth.h.headless.core.api.getRun(runId)).jobId).toBe(auth.h.fixture.jobA)

    const { result, changed } = await auth.h.tablesChangedBy(() => callTool(client, 'trigger_job', { jobId: auth.h.fixture.groupJob }))
    expect(result.ok).toBe(false)
    expect(result.text).toContain('does not exist')
    expect(changed).toEqual(['job_audit'])
    const stopped = await callTool(client, 'set_job_active', { jobId: auth.h.fixture.groupJob, active: true })
    expect(stopped.ok).toBe(false)
    const listed = await callTool(client, 'list_jobs')
    expect((listed.data.jobs as { id: number }[]).map((j) => j.id)).not.toContain(auth.h.fixture.groupJob)

    const rows = await auditOf('op-a/operate-a')
    const trigger = rows.find((r) => r.action === 'job.trigger' && r.outcome === 'ok')
    expect(trigger).toMatchObject({ via: 'mcp', actorKind: 'personal-token' })
    expect(rows.filter((r) => r.action === 'job.trigger' && r.outcome === 'refused').every((r) => r.via === 'mcp')).toBe(true)
    expect(rows.filter((r) => r.action === 'mcp.tool').map((r) => [r.target, r.outcome])).toEqual([
      ['tool list_jobs', 'ok'],
      ['tool set_job_active', 'refused'],
      ['tool trigger_job', 'refused'],
      ['tool trigger_job', 'ok'],
    ])
  })

  it('audits every call as the token owner, via mcp, with the tool and its arguments', async () => {
    const client = await connect(await mcpToken('audited', 'read'))
    const calls: [string, Record<string, unknown>][] = [
      ['list_jobs', {}],
      ['get_job', { jobId: auth.h.fixture.jobA }],
      ['list_runs', { jobId: auth.h.fixture.jobA }],
      ['get_run', { runId: auth.h.fixture.runId }],
      ['get_run_log', { runId: auth.h.fixture.runId, tail: 5 }],
      ['explain_failure', { runId: auth.h.fixture.runId }],
      ['list_flows', {}],
      ['get_schedule', {}],
      ['list_queue', {}],
      ['list_executors', {}],
      ['no_such_tool', {}],
      ['get_run', { runId: 'one' }],
    ]
    for (const [name, args] of calls) {
      if (name === 'no_such_tool') await expect(client.callTool({ name, arguments: args })).rejects.toThrow(/no tool 'no_such_tool'/)
      else await callTool(client, name, args)
    }
    const rows = (await auditOf('op-a/audited')).filter((r) => r.action === 'mcp.tool').reverse()
    expect(rows.map((r) => [r.detail.params, r.outcome, r.via])).toEqual(
      calls.map(([name, args], n) => [{ tool: name, arguments: args }, n >= calls.length - 2 ? 'refused' : 'ok', 'mcp']),
    )
  })

  it('works at /mcp only: an OpenAPI token is refused there, and the MCP token on the OpenAPI, the metrics and the artifacts', async () => {
    const openapi = await operator.value<CreatedApiToken>('createApiToken', [
      { name: 'ci', role: 'operator', groupIds: [auth.h.fixture.embeddedGroupId], expiresAtMs: 0 },
    ])
    const initialize = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
    })
    const accept = { accept: 'application/json, text/event-stream' }
    const refused = await post('/mcp', { ...accept, authorization: `Bearer ${openapi.token}` }, initialize)
    expect(refused.status).toBe(401)
    expect(JSON.parse(refused.text).error.message).toContain('MCP token')
    expect((await post('/mcp', accept, initialize)).status).toBe(401)

    const token = await mcpToken('mcp-only', 'operate')
    expect((await post('/mcp', { ...accept, authorization: `Bearer ${token}` }, initialize)).status).toBe(200)
    const onOpenApi = await postEnvelope(auth.h.port, '/api/listJobs', { 'XXL-JOB-ACCESS-TOKEN': token }, '{}')
    expect(onOpenApi).toMatchObject({ code: 500, msg: 'The access token is wrong.' })
    const metrics = await fetch(new URL('/metrics', auth.origin), { headers: { authorization: `Bearer ${token}` } })
    expect(metrics.status).toBe(401)
    const artifact = await fetch(new URL(`/api/artifacts/${auth.h.fixture.runId}/out.txt`, auth.origin), { headers: { 'XXL-JOB-ACCESS-TOKEN': token } })
    expect(artifact.status).toBe(401)
  })

  it("of operate mode decides an approval as its owner's decision through an agent, and reads the flow as its definition", async () => {
    const host = { core: auth.h.headless.core }
    const flowId = await addFlow(
      host,
      'release',
      [
        { key: 'gate', kind: 'approval', prompt: 'ship it?' },
        { key: 'ship', jobId: auth.h.fixture.jobA },
      ],
      ['gate>ship'],
    )
    const { flowRunId } = await auth.h.headless.core.api.triggerFlow({ flowId })
    await flowRunWhere(host, flowRunId!, 'the run waiting for its approval', (run) => run.state === 'waiting')
    const client = await connect(await mcpToken('approver', 'operate'))
    const decided = await callTool(client, 'decide_approval', { flowRunId, key: 'gate', approve: true, comment: 'the owner said ship' })
    expect(decided.ok).toBe(true)
    const gate = (decided.data.flowRun as { nodes: { key: string; state: string; note: string }[] }).nodes.find((n) => n.key === 'gate')
    expect(gate).toMatchObject({ state: 'success' })
    expect(gate?.note).toContain('op-a/approver (through an agent)')
    const [approval] = (await auth.h.headless.core.api.listAudit({ action: 'flow.approve' })).entries
    expect(approval).toMatchObject({ actor: 'op-a/approver', via: 'mcp', outcome: 'ok' })

    const resources = (await client.listResources()).resources.map((r) => r.uri)
    const flowUri = resources.find((uri) => uri.startsWith('jobdesk://flows/') && uri.endsWith('/release'))!
    const read = await client.readResource({ uri: flowUri })
    expect((read.contents[0] as { text: string }).text).toContain('kind: Flow\nname: release')
    await expect(client.readResource({ uri: 'jobdesk://flows/-/no-such-flow' })).rejects.toThrow(/neither a job/)
  })

  it('has a budget of requests: past it a clear JSON-RPC error (429), its first refusal audited, and nothing run', async () => {
    const token = await mcpToken('busy', 'read')
    const list = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' })
    const headers = { accept: 'application/json, text/event-stream', authorization: `Bearer ${token}` }
    for (let n = 0; n < MCP_LIMIT.maxRequests; n++) expect((await post('/mcp', headers, list)).status).toBe(200)
    const over = await post('/mcp', headers, list)
    expect(over.status).toBe(429)
    expect(JSON.parse(over.text).error).toMatchObject({ code: MCP_ERRORS.tooMany, message: expect.stringContaining('too many requests') })
    expect((await post('/mcp', headers, list)).status).toBe(429)
    const refusals = (await auditOf('op-a/busy')).filter((r) => r.outcome === 'refused')
    expect(refusals.map((r) => [r.action, r.detail.reason?.code, r.via])).toEqual([['auth.token', 'mcp.budget', 'mcp']])
  })

  it('is listed with its scope and mode; a mode on an OpenAPI token is refused', async () => {
    await mcpToken('listed', 'operate')
    const listed = (await operator.value<ApiTokenView[]>('listApiTokens')).find((t) => t.name === 'listed')
    expect(listed).toMatchObject({ scope: 'mcp', mode: 'operate' })
    const defaulted = await operator.value<CreatedApiToken>('createApiToken', [{ name: 'default-mode', role: 'viewer', groupIds: [], scope: 'mcp' }])
    expect(defaulted.info).toMatchObject({ scope: 'mcp', mode: 'read' })
    const wrong = await operator.call('createApiToken', [{ name: 'x', role: 'viewer', groupIds: [], mode: 'operate' }])
    expect(wrong.kind === 'result' && !wrong.result.ok && wrong.result.error?.code).toBe('token.modeNeedsMcp')
  })
})
