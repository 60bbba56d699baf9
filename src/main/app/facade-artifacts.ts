import type { ArtifactsApi } from '../../shared/artifacts-api'
import type { FacadeDeps } from './facade-deps'

/** A run's kept files (docs/artifacts.md); their content is served over HTTP (net/artifact-route.ts). */
export function artifactsApi(deps: Pick<FacadeDeps, 'store'>): ArtifactsApi {
  return {
    async listArtifacts({ runId }) {
      const rows = await deps.store.artifacts.listForRun(runId)
      return rows.map(({ runId: _run, ...view }) => view)
    },
  }
}
