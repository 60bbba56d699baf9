import { Server } from '@modelcontextprotocol/sdk/server/index.js'
import {
  CallToolRequestSchema,
  ErrorCode,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js'
import type { AuditAction, AuditOutcome } from '../../shared/auth'
import { CodedError, describeError, NotFoundError, PermissionError, ValidationError } from '../../shared/errors'
import { englishMessage, type MessageCode } from '../../shared/messages'
import { z } from '../../shared/schema/z'
import type { AuditActor, AuditRecord } from '../audit/audit-entry'
import { actorOf } from '../audit/audit-entry'
import type { Logger } from '../kernel/logger'
import { listResources, readResource, RESOURCE_TEMPLATES } from './mcp-resources'
import type { McpTool, McpToolContext } from './mcp-tool'
import { MCP_TOOLS, TOOLS_BY_NAME } from './mcp-tools'
import { redactResult } from './redact-result'

export interface McpServerDeps {
  context: McpToolContext
  audit: (who: AuditActor, entry: AuditRecord) => Promise<void>
  /** Every known secret value in a text masked (kernel/known-secrets.ts): the last pass over each answer. */
  redact: (text: string) => string
  logger: Logger
  version: string
}

/** An audit row keeps at most this much of a call's arguments: an oversized input is noted by its size. */
const AUDITED_ARGUMENTS_MAX_CHARS = 2000

const INSTRUCTIONS =
  'JobDesk schedules jobs on executors. Read tools: list_jobs, get_job, list_runs, get_run, get_run_log, explain_failure, list_flows, get_flow_run, get_schedule, list_queue, list_executors. ' +
  "Operate tools (operate tokens only): trigger_job, retry_flow_run, kill_run, set_job_active, decide_approval. Everything is limited to the token owner's groups and role, and audited."

/** The JSON Schema an agent reads of a tool's input or output, made from its zod schema. */
function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Tool['inputSchema'] {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>
  return { ...json, type: 'object' } as Tool['inputSchema']
}

function listing(tool: McpTool): Tool {
  return {
    name: tool.name,
    title: tool.title,
    description: tool.description,
    inputSchema: jsonSchemaOf(tool.input, 'input'),
    outputSchema: jsonSchemaOf(tool.output, 'output'),
    annotations:
      tool.kind === 'read'
        ? { title: tool.title, readOnlyHint: true, openWorldHint: false }
        : { title: tool.title, readOnlyHint: false, destructiveHint: tool.destructive === true, idempotentHint: false, openWorldHint: false },
  }
}

/** A call's arguments as the audit row keeps them: whole when small, else only their size. */
function auditedArguments(args: unknown): unknown {
  let text: string
  try {
    text = JSON.stringify(args ?? {}) ?? ''
  } catch {
    return { omitted: 'nested too deep to write' }
  }
  return text.length <= AUDITED_ARGUMENTS_MAX_CHARS ? args : { omitted: `${text.length} characters` }
}

/** A refusal (not permitted, not found: the caller's rights decide) or a failure (anything else). */
function outcomeOf(error: unknown): AuditOutcome {
  return error instanceof PermissionError || error instanceof NotFoundError || error instanceof ValidationError ? 'refused' : 'failed'
}

function coded(code: MessageCode, params: Record<string, string>): { code: string; message: string } {
  return { code, message: englishMessage(code, params) }
}

/**
 * One MCP server for one caller (stateless: the HTTP route makes one per request). The low-level
 * server rather than the SDK's registry of tools, so that every call — an unknown tool, a read
 * token asking for an operate tool, arguments that fail their schema — is answered and audited
 * here, as the token's user, `via: 'mcp'`, with the tool's name; and every answer passes the
 * secrets' redaction before it leaves.
 */
export function buildMcpServer(deps: McpServerDeps): Server {
  const { context } = deps
  const who = actorOf(context.principal)
  const offered = MCP_TOOLS.filter((t) => t.kind === 'read' || context.mode === 'operate')
  const server = new Server(
    { name: 'jobdesk', title: 'JobDesk', version: deps.version },
    { capabilities: { tools: {}, resources: {} }, instructions: INSTRUCTIONS },
  )

  const record = (action: AuditAction, outcome: AuditOutcome, target: string, params: unknown, reason?: { code: string; message: string }) =>
    deps.audit(who, { action, outcome, target, detail: { params, ...(reason && { reason }) } })

  const failure = (message: string): CallToolResult => ({ content: [{ type: 'text', text: deps.redact(message) }], isError: true })

  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: offered.map(listing) }))

  server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const name = request.params.name
    const args = request.params.arguments ?? {}
    const params = { tool: name.slice(0, 100), arguments: auditedArguments(args) }
    const target = `tool ${name.slice(0, 100)}`
    const tool = TOOLS_BY_NAME.get(name)
    if (!tool) {
      const reason = coded('mcp.unknownTool', { tool: name.slice(0, 100) })
      await record('mcp.tool', 'refused', target, params, reason)
      throw new McpError(ErrorCode.InvalidParams, reason.message)
    }
    if (tool.kind === 'operate' && context.mode !== 'operate') {
      const reason = coded('mcp.readOnlyToken', { tool: name })
      await record('mcp.tool', 'refused', target, params, reason)
      return failure(reason.message)
    }
    const parsed = tool.input.safeParse(args)
    if (!parsed.success) {
      const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(arguments)'}: ${issue.message}`).join('; ')
      const reason = coded('mcp.invalidArguments', { tool: name, problems: problems.slice(0, 1000) })
      await record('mcp.tool', 'refused', target, params, reason)
      return failure(reason.message)
    }
    try {
      const result = redactResult(await tool.run(context, parsed.data), deps.redact) as Record<string, unknown>
      await record('mcp.tool', 'ok', target, params)
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result }
    } catch (error) {
      if (!(error instanceof CodedError)) deps.logger.error('an MCP tool failed', { tool: name, error: (error as Error).message })
      const message = error instanceof CodedError ? describeError(error) : 'the tool failed inside JobDesk; its log has the details'
      const code = error instanceof CodedError ? error.code : 'mcp.internal'
      await record('mcp.tool', outcomeOf(error), target, params, { code, message })
      return failure(`${name}: ${message}`)
    }
  })

  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({ resourceTemplates: [...RESOURCE_TEMPLATES] }))

  server.setRequestHandler(ListResourcesRequestSchema, async () => ({ resources: redactResult(await listResources(context), deps.redact) }))

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const uri = request.params.uri
    const target = `resource ${uri.slice(0, 200)}`
    try {
      const read = await readResource(context, uri)
      await record('mcp.resource', 'ok', target, { uri: uri.slice(0, 200) })
      return { contents: [{ uri, mimeType: read.mimeType, text: deps.redact(read.text) }] }
    } catch (error) {
      if (!(error instanceof CodedError)) deps.logger.error('an MCP resource read failed', { uri: uri.slice(0, 200), error: (error as Error).message })
      const message = error instanceof CodedError ? describeError(error) : 'the read failed inside JobDesk; its log has the details'
      await record(
        'mcp.resource',
        outcomeOf(error),
        target,
        { uri: uri.slice(0, 200) },
        { code: error instanceof CodedError ? error.code : 'mcp.internal', message },
      )
      throw new McpError(error instanceof NotFoundError ? ErrorCode.InvalidParams : ErrorCode.InternalError, deps.redact(message))
    }
  })

  return server
}
