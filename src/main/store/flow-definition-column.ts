import type { FlowDefinition } from '../../shared/flow-types'

/**
 * The `definition` column of job_flow and job_flow_run: JSON of the graph alone, so a whole Flow
 * handed in does not carry its settings into the column.
 */
export function definitionToText(definition: FlowDefinition): string {
  return JSON.stringify({ nodes: definition.nodes, edges: definition.edges })
}

/**
 * The graph back from its column. Only JobDesk writes it, so text that is not JSON is a damaged
 * database: it throws rather than hand the engine an empty graph, which would run as a success.
 */
export function definitionFromText(text: string, where: string): FlowDefinition {
  let parsed: Partial<FlowDefinition>
  try {
    parsed = JSON.parse(text) as Partial<FlowDefinition>
  } catch (error) {
    throw new Error(`the stored definition of ${where} is not JSON: ${(error as Error).message}`)
  }
  return { nodes: parsed.nodes ?? [], edges: parsed.edges ?? [] }
}
