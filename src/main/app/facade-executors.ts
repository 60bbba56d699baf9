import type { JobDeskApi } from '../../shared/api'
import { notFound } from '../../shared/messages/coded-errors'
import type { FacadeDeps } from './facade-deps'

type ExecutorsApi = Pick<JobDeskApi, 'listGroups' | 'saveGroup' | 'deleteGroup' | 'listRegistry' | 'probeExecutor' | 'listHandlers' | 'previewRoute'>

export function executorsApi(deps: Pick<FacadeDeps, 'store' | 'groups' | 'registry' | 'runControl' | 'events' | 'nowMs' | 'handlerCatalog'>): ExecutorsApi {
  const { store, groups, registry, runControl, events, nowMs, handlerCatalog } = deps
  return {
    async listGroups() {
      return store.groups.list()
    },
    async saveGroup(input) {
      const group = await groups.save(input)
      events.emit({ type: 'registry-changed', entries: await registry.entries(nowMs()) })
      return group
    },
    async deleteGroup(id) {
      await groups.delete(id)
      events.emit({ type: 'registry-changed', entries: await registry.entries(nowMs()) })
    },
    async listRegistry() {
      return registry.entries(nowMs())
    },
    async probeExecutor(request) {
      return runControl.probe(request)
    },
    async listHandlers(groupId) {
      const group = await store.groups.get(groupId)
      if (!group) throw notFound('group.notFound', { id: groupId })
      return handlerCatalog(group)
    },
    async previewRoute({ jobId, addressList }) {
      return runControl.previewRoute(jobId, addressList)
    },
  }
}
