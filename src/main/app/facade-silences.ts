import type { JobDeskApi } from '../../shared/api'
import type { FacadeDeps } from './facade-deps'

type SilencesApi = Pick<JobDeskApi, 'addSilence' | 'listSilences' | 'removeSilence'>

/** Alarm silences (src/main/completion/silence-service.ts). The writer's name is a second argument the method's rule adds (auth/silence-rules.ts). */
export function silencesApi(deps: Pick<FacadeDeps, 'silences'>): SilencesApi {
  const { silences } = deps
  return {
    addSilence: (request, by = 'someone') => silences.add(request, by),
    listSilences: () => silences.list(),
    removeSilence: ({ id }, by = 'someone') => silences.remove(id, by),
  }
}
