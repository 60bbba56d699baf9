import type { JobDeskApi } from '../../shared/api'
import type { McpMode } from '../../shared/auth'
import type { Principal } from '../../shared/principal'
import type { z } from '../../shared/schema/z'

/** What a tool works with: the API as the token's user may call it, no more (auth/guarded-api.ts). */
export interface McpToolContext {
  /** Every call goes through the method's rule and schema, narrowed to the caller's groups and audited as the OpenAPI's are. */
  api: JobDeskApi
  principal: Principal
  mode: McpMode
  nowMs: () => number
}

/**
 * One MCP tool: its input and output as zod schemas (the JSON Schemas an agent reads are made from
 * them), a description written for an agent deciding whether and how to call it, and what it needs:
 * `read` tools are listed to every MCP token, `operate` tools only to operate tokens.
 */
export interface McpTool<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  name: string
  title: string
  description: string
  input: I
  output: O
  kind: 'read' | 'operate'
  /** An operate tool that ends or discards something (a kill): its annotations say so. */
  destructive?: boolean
  run(context: McpToolContext, input: z.output<I>): Promise<z.output<O>>
}

/** A tool defined with its own types checked, kept in a list of tools of any types. */
export function tool<I extends z.ZodType, O extends z.ZodType>(definition: McpTool<I, O>): McpTool {
  return definition as unknown as McpTool
}
