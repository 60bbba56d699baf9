import { definitionDocumentSchema } from '../../shared/schema/definition-files'
import { z } from '../../shared/schema/z'

/** Where the schema says it lives (its `$id`); `jobdesk schema` prints it for a repository to keep beside its files. */
export const DEFINITIONS_SCHEMA_ID = 'https://jobdesk.dev/schemas/definitions.json'

/**
 * The JSON Schema of one definition document, generated from the zod schema the CLI and the server
 * check files with, so an editor completes and checks what apply accepts. Rules a JSON Schema cannot
 * say (one of cron or fixedRate; approval-only fields) stay the checkers'.
 */
export function definitionsJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(definitionDocumentSchema, { io: 'input', unrepresentable: 'any', target: 'draft-2020-12' })
  return {
    ...schema,
    $id: DEFINITIONS_SCHEMA_ID,
    title: 'JobDesk definition file (one YAML document: kind Group, Job, Flow, Calendar, Window, Pool or LlmProvider)',
  }
}
