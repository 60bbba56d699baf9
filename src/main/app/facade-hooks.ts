import type { JobDeskApi } from '../../shared/api'
import type { HookTargetRequest } from '../../shared/hook-types'
import type { HookTarget } from '../hooks/hook-service'
import type { FacadeDeps } from './facade-deps'

type HooksApi = Pick<JobDeskApi, 'createHook' | 'listHooks' | 'getHook' | 'removeHook'>

const targetOf = (request: HookTargetRequest): HookTarget =>
  request.flowId !== undefined ? { kind: 'flow', targetId: request.flowId } : { kind: 'job', targetId: request.jobId }

/**
 * Trigger URLs (src/main/hooks/). One set of methods for jobs and flows, told apart by `jobId` or
 * `flowId`: a hook is the same thing for both, and one rule per method covers both. The creator's
 * name is a second argument the method's rule adds (auth/hook-rules.ts).
 */
export function hooksApi(deps: Pick<FacadeDeps, 'hooks'>): HooksApi {
  const { hooks } = deps
  return {
    createHook: (request, createdBy = 'someone') => hooks.create(targetOf(request), createdBy),
    listHooks: (request) => hooks.list(targetOf(request)),
    getHook: ({ id }) => hooks.get(id),
    removeHook: ({ id }) => hooks.remove(id),
  }
}
