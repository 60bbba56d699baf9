import type { JobDeskApi } from '../../shared/api'
import type { FacadeDeps } from './facade-deps'

type DefinitionsApi = Pick<JobDeskApi, 'applyDefinitions' | 'exportDefinitions' | 'listDefinitionOrigins'>

/** Definitions as code (src/main/definitions/files/): what `jobdesk apply`, `diff` and `export` call. */
export function definitionsApi(deps: Pick<FacadeDeps, 'definitionFiles' | 'events'>): DefinitionsApi {
  const { definitionFiles, events } = deps
  return {
    // The applier's name is a second argument the method's rule adds (auth/definition-rules.ts).
    async applyDefinitions(request, by = 'definitions') {
      const plan = await definitionFiles.apply(request, by)
      if (plan.applied) {
        // The console re-reads what an apply may have changed: jobs, links, flows, windows and the badges.
        events.emit({ type: 'jobs-changed', jobIds: [] })
        events.emit({ type: 'links-changed' })
        events.emit({ type: 'flows-changed' })
        events.emit({ type: 'windows-changed' })
      }
      return plan
    },
    async exportDefinitions(request) {
      return definitionFiles.export(request?.names)
    },
    async listDefinitionOrigins(request) {
      return definitionFiles.origins(request?.jobKeys)
    },
  }
}
