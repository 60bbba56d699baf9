import type { OriginIndex } from '../../lib/definitions/origin-index'

export interface DefinitionsState {
  /**
   * The groups, jobs and flows `jobdesk apply` wrote from files (by originIndexKey): the console
   * marks them, and its editors warn that the next apply of the file undoes edits made here.
   */
  definitionOrigins: OriginIndex
}

export const initialDefinitionsState: DefinitionsState = { definitionOrigins: {} }
