import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js'
import {
  CallToolRequestSchema,
  CallToolResultSchema,
  ListResourcesRequestSchema,
  ListResourcesResultSchema,
  ListResourceTemplatesRequestSchema,
  ListResourceTemplatesResultSchema,
  ListToolsRequestSchema,
  ListToolsResultSchema,
  ReadResourceRequestSchema,
  ReadResourceResultSchema,
} from '@modelcontextprotocol/sdk/types.js'
import { JOBDESK_VERSION } from '../../../shared/version'
import { CliError, EXIT } from '../cli-error'
import { serverUrlOf } from '../server-client'

/** `jobdesk mcp`'s options: the server and an MCP token, or JOBDESK_SERVER and JOBDESK_TOKEN. */
export interface McpOptions {
  server?: string
  token?: string
}

/** Where the stdio streams are: the process's, or a test's. */
export interface McpStdio {
  stdin?: NodeJS.ReadableStream
  stdout?: NodeJS.WritableStream
}

function serverUrl(options: McpOptions, env: NodeJS.ProcessEnv): { url: URL; token: string } {
  const server = options.server ?? env.JOBDESK_SERVER
  const token = options.token ?? env.JOBDESK_TOKEN
  if (!server) throw new CliError('no server: give --server URL or set JOBDESK_SERVER (e.g. http://127.0.0.1:8080)')
  if (!token) throw new CliError('no token: give --token TOKEN or set JOBDESK_TOKEN (an MCP token: API tokens page, scope MCP)')
  const url = serverUrlOf(server)
  return { url: new URL('mcp', url.href.endsWith('/') ? url.href : `${url.href}/`), token }
}

/**
 * `jobdesk mcp`: an MCP server on stdin/stdout for a desktop assistant to launch, that does nothing
 * itself: every request goes on to the server's `/mcp` with the token, and its answer (or error)
 * comes back as it was. The tools, their permission rules and their audit live in one place, the
 * server; this process holds only the token. Resolves when the assistant closes stdin.
 */
export async function mcpCommand(options: McpOptions, env: NodeJS.ProcessEnv, stdio: McpStdio = {}): Promise<number> {
  const { url, token } = serverUrl(options, env)
  const upstream = new Client({ name: 'jobdesk-mcp-stdio', version: JOBDESK_VERSION })
  try {
    await upstream.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: { authorization: `Bearer ${token}` } } }))
  } catch (error) {
    throw new CliError(`${url.origin}/mcp refused the connection: ${(error as Error).message}`)
  }
  const local = new Server(
    { name: 'jobdesk', version: JOBDESK_VERSION },
    { capabilities: { tools: {}, resources: {} }, instructions: upstream.getInstructions() },
  )
  local.setRequestHandler(ListToolsRequestSchema, (request) => upstream.request(request, ListToolsResultSchema))
  local.setRequestHandler(CallToolRequestSchema, (request) => upstream.request(request, CallToolResultSchema))
  local.setRequestHandler(ListResourcesRequestSchema, (request) => upstream.request(request, ListResourcesResultSchema))
  local.setRequestHandler(ListResourceTemplatesRequestSchema, (request) => upstream.request(request, ListResourceTemplatesResultSchema))
  local.setRequestHandler(ReadResourceRequestSchema, (request) => upstream.request(request, ReadResourceResultSchema))
  const transport = new StdioServerTransport(stdio.stdin as never, stdio.stdout as never)
  const closed = new Promise<void>((resolve) => (transport.onclose = resolve))
  await local.connect(transport)
  ;(stdio.stdin ?? process.stdin).once('end', () => void local.close())
  await closed
  await upstream.close()
  return EXIT.ok
}
