import type { DefinitionOrigin } from '../../../../shared/definition-origin'
import { client } from '../../api/client'
import { coalesced } from '../../lib/coalesce'
import { flowOrigin, indexOrigins, jobOrigin, originAppName } from '../../lib/origin-index'
import type { SliceCreator } from '../state'
import { initialDefinitionsState, type DefinitionsState } from './initialState'

export interface DefinitionsActions {
  /**
   * Reads which objects came from definition files. Never rejects: a failed read keeps the marks
   * read before, since they are a hint beside the editors and must not fail the console's load.
   */
  fetchDefinitionOrigins(): Promise<void>
  /** After `jobs-changed` or `flows-changed` (an apply sends both): re-read the origins, once per burst. */
  applyOriginsChanged(): void
  /** Where a job was applied from, by its group's app name and its name; undefined when not from a file. */
  originOfJob(appName: string, name: string): DefinitionOrigin | undefined
  originOfFlow(name: string): DefinitionOrigin | undefined
}

export type DefinitionsSlice = DefinitionsState & DefinitionsActions

export const createDefinitionsSlice: SliceCreator<DefinitionsSlice> = (set, get) => {
  // Coalesced: an apply pushes jobs-changed and flows-changed together, and saves come in bursts.
  const readOrigins = coalesced(async () => {
    const origins = await client().listDefinitionOrigins()
    const definitionOrigins = indexOrigins(origins, get().definitionOrigins)
    if (definitionOrigins === get().definitionOrigins) return
    set({ definitionOrigins })
    // An apply may create groups, and no event says so: a job's badge needs its group's app name.
    const known = new Set(get().groups.map((group) => group.appName))
    const unknown = origins.some((origin) => {
      const appName = originAppName(origin)
      return appName !== null && !known.has(appName)
    })
    if (!unknown) return
    const { fetchGroups } = get()
    void fetchGroups().catch(() => {})
  })

  return {
    ...initialDefinitionsState,

    fetchDefinitionOrigins: () => readOrigins(),

    applyOriginsChanged() {
      void readOrigins()
    },

    originOfJob: (appName, name) => jobOrigin(get().definitionOrigins, appName, name),
    originOfFlow: (name) => flowOrigin(get().definitionOrigins, name),
  }
}
