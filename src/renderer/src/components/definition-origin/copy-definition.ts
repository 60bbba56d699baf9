import type { DefinitionOrigin } from '../../../../shared/definition-origin'
import { exportDefinitions } from '../../services/definitions'
import { writeClipboard } from '../../lib/definitions/clipboard'
import { definitionYaml, documentOf } from '../../lib/definitions/definition-yaml'

/** Copied; or the text, for a dialog, when the clipboard cannot be written; or the export lacked the object. */
export type CopyOutcome = { outcome: 'copied' } | { outcome: 'shown'; yaml: string } | { outcome: 'missing' }

/**
 * The saved object (as the server holds it, not an editor's draft) as a definition document in
 * YAML, onto the clipboard. An origin's key is the name exportDefinitions takes (`app/job` or the
 * flow's name). Rejects with the core's error (one who does not see every group may not export).
 */
export async function copyDefinitionYaml(origin: DefinitionOrigin, write: (text: string) => Promise<boolean> = writeClipboard): Promise<CopyOutcome> {
  const documents = await exportDefinitions({ names: [origin.key] })
  const document = documentOf(documents, origin)
  if (!document) return { outcome: 'missing' }
  const yaml = definitionYaml(document)
  return (await write(yaml)) ? { outcome: 'copied' } : { outcome: 'shown', yaml }
}
