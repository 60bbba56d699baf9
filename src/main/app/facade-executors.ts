import type { JobDeskApi } from '../../shared/api'
import { ValidationError } from '../../shared/errors'
import { optionalId, optionalOneOf, optionalString, requireId, requireObject } from './arguments'
import type { FacadeDeps } from './facade'
import { addressListOf } from './facade-jobs'

type ExecutorsApi = Pick<JobDeskApi, 'listGroups' | 'saveGroup' | 'deleteGroup' | 'listRegistry' | 'probeExecutor' | 'previewRoute'>

export function executorsApi(deps: FacadeDeps): ExecutorsApi {
  const { store, groups, registry, runControl, events, nowMs } = deps
  return {
    async listGroups() {
      return store.groups.list()
    },
    async saveGroup(input) {
      const group = groups.save(requireObject(input, 'group'))
      events.emit({ type: 'registry-changed', entries: registry.entries(nowMs()) })
      return group
    },
    async deleteGroup(id) {
      groups.delete(requireId(id, 'id'))
      events.emit({ type: 'registry-changed', entries: registry.entries(nowMs()) })
    },
    async listRegistry() {
      return registry.entries(nowMs())
    },
    async probeExecutor(request) {
      const body = requireObject(request, 'request')
      const address = addressListOf([optionalString(body.address, 'address', 500) ?? ''])?.[0]
      if (!address) throw new ValidationError('address', 'is required')
      return runControl.probe({
        address,
        kind: optionalOneOf(body.kind, 'kind', ['beat', 'idleBeat'] as const) ?? 'beat',
        jobId: optionalId(body.jobId, 'jobId'),
        groupId: optionalId(body.groupId, 'groupId'),
      })
    },
    async previewRoute(request) {
      const body = requireObject(request, 'request')
      return runControl.previewRoute(requireId(body.jobId, 'jobId'), addressListOf(body.addressList))
    },
  }
}
