import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js'

/** The SDK's own client, connected to a server's `/mcp` over Streamable HTTP with `token` as its bearer. */
export async function mcpOverHttp(origin: string, token: string): Promise<Client> {
  const client = new Client({ name: 'jobdesk-test', version: '1.0.0' })
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', origin), { requestInit: { headers: { authorization: `Bearer ${token}` } } })
  await client.connect(transport)
  return client
}

/** A tool's answer: its structured content, or its error text (isError). */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<{ ok: boolean; data: Record<string, unknown>; text: string }> {
  const result = (await client.callTool({ name, arguments: args })) as CallToolResult
  const text = result.content.map((c) => (c.type === 'text' ? c.text : '')).join('\n')
  return { ok: result.isError !== true, data: (result.structuredContent ?? {}) as Record<string, unknown>, text }
}

export const READ_TOOLS = [
  'list_jobs',
  'get_job',
  'list_runs',
  'get_run',
  'get_run_log',
  'explain_failure',
  'list_flows',
  'get_flow_run',
  'get_schedule',
  'list_queue',
  'list_executors',
]
export const OPERATE_TOOLS = ['trigger_job', 'retry_flow_run', 'kill_run', 'set_job_active', 'decide_approval']
