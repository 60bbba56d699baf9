import { stringify } from 'yaml'
import { jobOriginKey, type DefinitionOrigin } from '../../../../shared/definition-origin'
import type { DefinitionDocument } from '../../../../shared/schema/definition-files'

/**
 * The document of `origin`'s object among an export's: asked for by name, the export may bring
 * more than that object (its group), so it is picked by kind and key, never by position.
 */
export function documentOf(documents: readonly DefinitionDocument[], origin: Pick<DefinitionOrigin, 'kind' | 'key'>): DefinitionDocument | undefined {
  return documents.find((document) => {
    if (document.kind !== origin.kind) return false
    return (document.kind === 'Job' ? jobOriginKey(document.group, document.name) : document.name) === origin.key
  })
}

/**
 * One document as `jobdesk export` writes it (src/main/cli/output.ts): no folding of long lines (a
 * cron or a script line stays whole), and no anchors where the answer happens to share an object,
 * so the text pastes into a definition file as it is.
 */
export function definitionYaml(document: DefinitionDocument): string {
  return stringify(document, { lineWidth: 0, aliasDuplicateObjects: false })
}
